import { sql } from 'kysely';
import type { StorageContext } from '../context.js';
import { toDateString } from '../dates.js';
import { buildAuditReadiness } from '../reports/readiness.js';
import type { AuditReadiness } from '../reports/types.js';

/** What a `readiness.changed` event compares: the figure and the controls in each state. */
export interface ReadinessSummary {
  readiness_percent: number;
  state_counts: AuditReadiness['state_counts'];
}

const summaryOf = (readiness: AuditReadiness): ReadinessSummary => ({
  readiness_percent: readiness.readiness_percent,
  state_counts: readiness.state_counts,
});

const sameSummary = (a: ReadinessSummary, b: ReadinessSummary) =>
  a.readiness_percent === b.readiness_percent &&
  a.state_counts.READY === b.state_counts.READY &&
  a.state_counts.GAP === b.state_counts.GAP &&
  a.state_counts.EXCLUDED === b.state_counts.EXCLUDED;

/**
 * The `readiness.changed` watch (docs/jobs.md, "Readiness events"): for each framework of an
 * organization with an enabled endpoint subscribed to the event, computes getAuditReadiness and
 * compares it with the last one seen (`readiness_states`). The first look records a baseline and
 * emits nothing; a later difference in the readiness figure or the state counts writes one outbox
 * event with the previous and current figures. The row is locked before readiness is computed,
 * so instances watching at once compute one after another and emit each change once.
 */
export function readinessWatch(ctx: StorageContext) {
  const { db, clock } = ctx;
  /** Per organization in this process: the data version and day of the last look. */
  const looked = new Map<string, { version: number; day: string }>();

  /** Looks at one framework in its own transaction; true when it wrote an event. */
  async function lookAt(organizationId: string, frameworkId: string): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const now = clock();
      await sql`insert into readiness_states (organization_id, framework_id, summary, computed_at)
        values (${organizationId}, ${frameworkId}, null, ${now.toISOString()})
        on conflict do nothing`.execute(trx);
      const { rows } = await sql<{ summary: ReadinessSummary | null }>`select summary from readiness_states
        where organization_id = ${organizationId} and framework_id = ${frameworkId}
        for update`.execute(trx);
      const before = rows[0]?.summary ?? null;
      const readiness = await buildAuditReadiness({
        db: trx,
        organizationId,
        frameworkId,
        topN: 0,
        today: toDateString(now),
        generatedAt: now.toISOString(),
      });
      const current = summaryOf(readiness);
      if (before && sameSummary(before, current)) return false;
      await sql`update readiness_states set summary = ${JSON.stringify(current)}::jsonb,
          computed_at = ${now.toISOString()}
        where organization_id = ${organizationId} and framework_id = ${frameworkId}`.execute(trx);
      if (!before) return false;
      const payload = {
        organization_id: organizationId,
        record_type: 'framework',
        record_id: frameworkId,
        framework: readiness.framework,
        previous: before,
        current,
        gap_reason_counts: readiness.gap_reason_counts,
        generated_at: readiness.generated_at,
      };
      await sql`insert into outbox_events (id, organization_id, type, payload, created_at)
        values ('msg_' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 26)),
          ${organizationId}, 'readiness.changed', ${JSON.stringify(payload)}::jsonb, ${now.toISOString()})`.execute(
        trx,
      );
      return true;
    });
  }

  return {
    /**
     * Looks at every framework of the subscribed organizations, skipping an organization whose
     * data this process saw unchanged since its last look on the same day (readiness also moves
     * with the date: evidence expires, corrective actions fall overdue). Returns the events written.
     */
    scan: async (): Promise<number> => {
      const { rows } = await sql<{ organization_id: string; framework_id: string }>`
        select f.organization_id, f.id as framework_id from frameworks f
        where exists (select 1 from webhook_endpoints e
          where e.organization_id = f.organization_id and e.enabled and e.archived_at is null
            and 'readiness.changed' = any (e.event_types))
        order by f.organization_id, f.id`.execute(db);
      const day = toDateString(clock());
      const byOrganization = new Map<string, string[]>();
      for (const row of rows) {
        const frameworkIds = byOrganization.get(row.organization_id);
        if (frameworkIds) frameworkIds.push(row.framework_id);
        else byOrganization.set(row.organization_id, [row.framework_id]);
      }
      let events = 0;
      for (const [organizationId, frameworkIds] of byOrganization) {
        // The version read before the look: a write racing with it bumps it again.
        const version = ctx.changes.dataVersion(organizationId);
        const last = looked.get(organizationId);
        if (version !== undefined && last?.version === version && last.day === day) continue;
        for (const frameworkId of frameworkIds) if (await lookAt(organizationId, frameworkId)) events += 1;
        if (version !== undefined) looked.set(organizationId, { version, day });
      }
      return events;
    },
  };
}
