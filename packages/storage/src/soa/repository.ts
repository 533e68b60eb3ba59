import type { Transaction } from 'kysely';
import { auditCall } from '../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import { toDateString } from '../dates.js';
import type { Database, Db } from '../db/types.js';
import { invalidInput, StorageError } from '../errors.js';
import { assertFramework, frameworkNotFound } from '../registers/frameworks/control-list.js';
import { checkExpected, claimIdempotencyKey } from '../registers/kit.js';
import { inSnapshot } from '../reports/repository.js';
import { currentPage } from './current-page.js';
import { applicabilityCounts, pageRows } from './page.js';
import { currentSoaRows } from './rows.js';
import type { SoaControl, SoaControlChange, SoaFilters, SoaPage, SoaVersion } from './types.js';

interface Scope {
  organizationId: string;
  frameworkId: string;
}

/** The idempotency-key namespace of approvals (a key names `<framework id>:<version>`). */
const APPROVALS = 'soa_versions';

/** Locks the framework row for the rest of the transaction (SoA writes are serialized per framework). */
async function lockFramework(args: Scope & { trx: Transaction<Database> }): Promise<void> {
  const found = await args.trx
    .selectFrom('frameworks')
    .select('id')
    .where('organization_id', '=', args.organizationId)
    .where('id', '=', args.frameworkId)
    .forUpdate()
    .executeTakeFirst();
  if (!found) throw frameworkNotFound(args.frameworkId);
}

/** When a decision of the framework's SoA last changed, or null before the first. */
async function soaUpdatedAt(args: Scope & { db: Db }): Promise<string | null> {
  const row = await args.db
    .selectFrom('soa_controls')
    .select((eb) => eb.fn.max('reviewed_at').as('at'))
    .where('organization_id', '=', args.organizationId)
    .where('framework_id', '=', args.frameworkId)
    .executeTakeFirst();
  return row?.at ? new Date(row.at).toISOString() : null;
}

/** Every approved version of the framework's SoA (summaries), newest first. */
async function versions(args: Scope & { db: Db }): Promise<SoaVersion[]> {
  const rows = await args.db
    .selectFrom('soa_versions')
    .select(['version', 'approved_at', 'approved_by', 'note', 'control_count', 'excluded_count'])
    .where('organization_id', '=', args.organizationId)
    .where('framework_id', '=', args.frameworkId)
    .orderBy('version', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, approved_at: new Date(row.approved_at).toISOString() }));
}

/** Refuses a change set that is not all valid, naming the first bad control; nothing is written. */
function checkChanges(args: {
  changes: readonly SoaControlChange[];
  known: ReadonlySet<string>;
  justificationOf: (change: SoaControlChange) => string | null;
  frameworkId: string;
}): void {
  const seen = new Set<string>();
  args.changes.forEach((change, i) => {
    const at = `controls.${i}`;
    if (!args.known.has(change.code)) {
      throw new StorageError({
        code: 'NOT_FOUND',
        field: `${at}.code`,
        message: `Control \`${change.code}\` is not a control of framework ${args.frameworkId}; listFrameworkControls lists its codes. Nothing was changed.`,
      });
    }
    if (seen.has(change.code)) {
      throw invalidInput(
        `${at}.code`,
        `Control \`${change.code}\` appears twice; give each control once. Nothing was changed.`,
      );
    }
    seen.add(change.code);
    if (!change.applicable && !args.justificationOf(change)) {
      throw invalidInput(
        `${at}.justification`,
        `Control \`${change.code}\` is excluded (applicable: false) and needs a justification saying why it does not apply. Nothing was changed.`,
      );
    }
  });
}

/**
 * The Statement of Applicability of an organization's frameworks: read (current or an approved
 * version, paged), decisions set in one all-or-nothing transaction, approval as numbered immutable
 * snapshots. Every write is in the audit log (record type `framework`, the framework's id).
 */
export function soaRepository(ctx: StorageContext) {
  const today = () => toDateString(ctx.clock());
  return {
    /**
     * One page of the current SoA, or of approved `version`; filters by decision and status. The
     * current SoA's page computes its own controls only (current-page.ts) unless a status filter
     * asks for every control's readiness; a version pages its stored snapshot.
     */
    get: (
      args: Scope & {
        version?: number | undefined;
        filters?: SoaFilters;
        pageSize: number;
        cursor?: string | undefined;
      },
    ): Promise<SoaPage> =>
      inSnapshot(ctx, async (db) => {
        const scope = { db, organizationId: args.organizationId, frameworkId: args.frameworkId };
        await assertFramework(scope);
        const [approved, updatedAt] = await Promise.all([versions(scope), soaUpdatedAt(scope)]);
        const version = args.version ?? null;
        const filters = args.filters ?? {};
        const approvedOne =
          (version === null ? approved[0] : approved.find((v) => v.version === version)) ?? null;
        const head = {
          framework_id: args.frameworkId,
          version,
          approved: approvedOne,
          versions: approved,
          updated_at: updatedAt,
        };
        if (version === null && !filters.status) {
          // A page costs a page: counts by one aggregate, the page's rows alone (current-page.ts).
          const page = await currentPage({
            ...scope,
            today: today(),
            applicability: filters.applicability,
            pageSize: args.pageSize,
            cursor: args.cursor,
          });
          const listed = filters.applicability ? new Set(filters.applicability) : null;
          const totalCount = listed
            ? [...listed].reduce((sum, decision) => sum + page.applicability_counts[decision], 0)
            : page.control_count;
          return { ...head, ...page, total_count: totalCount };
        }
        let rows: SoaControl[];
        if (version === null) {
          rows = await currentSoaRows({ ...scope, today: today() });
        } else {
          const stored = await db
            .selectFrom('soa_versions')
            .select('snapshot')
            .where('organization_id', '=', args.organizationId)
            .where('framework_id', '=', args.frameworkId)
            .where('version', '=', version)
            .executeTakeFirst();
          if (!stored) {
            const list = approved.map((v) => v.version).join(', ') || 'none yet';
            throw new StorageError({
              code: 'NOT_FOUND',
              field: 'version',
              message: `Version ${version} of this Statement of Applicability was never approved (approved versions: ${list}).`,
            });
          }
          rows = stored.snapshot as SoaControl[];
        }
        return {
          ...head,
          control_count: rows.length,
          applicability_counts: applicabilityCounts(rows),
          ...pageRows({ rows, filters, pageSize: args.pageSize, cursor: args.cursor, version }),
        };
      }),

    /**
     * Sets many controls' decisions in one transaction: every change is checked first (known
     * control, given once, an exclusion justified) and the first bad one fails the whole call,
     * naming it. An omitted justification or owner keeps the stored one.
     */
    update: (
      args: Scope & {
        actor: Actor;
        controls: readonly SoaControlChange[];
        expectedUpdatedAt?: string | undefined;
      },
    ): Promise<{ framework_id: string; updated_at: string; updated_count: number }> =>
      inTransaction(ctx.db, async (trx) => {
        const scope = { db: trx, organizationId: args.organizationId, frameworkId: args.frameworkId };
        await lockFramework({ trx, ...scope });
        const updatedAt = await soaUpdatedAt(scope);
        checkExpected({
          expected: args.expectedUpdatedAt,
          updatedAt: updatedAt ?? 'no time (it has no decision yet)',
          recordType: 'Statement of Applicability',
        });
        const codes = [...new Set(args.controls.map((c) => c.code))];
        const [known, stored] = await Promise.all([
          trx
            .selectFrom('framework_controls')
            .select('code')
            .where('organization_id', '=', args.organizationId)
            .where('framework_id', '=', args.frameworkId)
            .where('code', 'in', codes)
            .execute(),
          trx
            .selectFrom('soa_controls')
            .select(['control_code', 'applicable', 'justification', 'owner'])
            .where('organization_id', '=', args.organizationId)
            .where('framework_id', '=', args.frameworkId)
            .where('control_code', 'in', codes)
            .execute(),
        ]);
        const before = new Map(stored.map(({ control_code, ...row }) => [control_code, row]));
        const kept = <K extends 'justification' | 'owner'>(change: SoaControlChange, key: K) => {
          const value = change[key] === undefined ? (before.get(change.code)?.[key] ?? null) : change[key];
          return value === null || value.trim() === '' ? null : value.trim();
        };
        checkChanges({
          changes: args.controls,
          known: new Set(known.map((row) => row.code)),
          justificationOf: (change) => kept(change, 'justification'),
          frameworkId: args.frameworkId,
        });
        const at = ctx.clock();
        const now = at.toISOString();
        const after = args.controls.map((change) => ({
          code: change.code,
          applicable: change.applicable,
          justification: kept(change, 'justification'),
          owner: kept(change, 'owner'),
        }));
        await trx
          .insertInto('soa_controls')
          .values(
            after.map((row) => ({
              organization_id: args.organizationId,
              framework_id: args.frameworkId,
              control_code: row.code,
              applicable: row.applicable,
              justification: row.justification,
              owner: row.owner,
              reviewed_at: now,
              reviewed_by_user_id: args.actor.userId,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['organization_id', 'framework_id', 'control_code']).doUpdateSet((eb) => ({
              applicable: eb.ref('excluded.applicable'),
              justification: eb.ref('excluded.justification'),
              owner: eb.ref('excluded.owner'),
              reviewed_at: eb.ref('excluded.reviewed_at'),
              reviewed_by_user_id: eb.ref('excluded.reviewed_by_user_id'),
            })),
          )
          .execute();
        await auditCall({
          trx,
          call: args,
          record: ['framework', args.frameworkId],
          at,
          before: {
            soa_controls: after.map((row) => ({ code: row.code, ...(before.get(row.code) ?? null) })),
          },
          after: { soa_controls: after },
        });
        return { framework_id: args.frameworkId, updated_at: now, updated_count: after.length };
      }),

    /**
     * Approves the current SoA as the next version: a snapshot of every row (decision, status,
     * measures) that no later edit changes. A retry with the same idempotency key returns the
     * version the first call approved.
     */
    approve: (
      args: Scope & { actor: Actor; note?: string | undefined; idempotencyKey?: string | undefined },
    ): Promise<SoaVersion> =>
      inTransaction(ctx.db, async (trx) => {
        const scope = { db: trx, organizationId: args.organizationId, frameworkId: args.frameworkId };
        await lockFramework({ trx, ...scope });
        const latest = await trx
          .selectFrom('soa_versions')
          .select((eb) => eb.fn.max('version').as('version'))
          .where('organization_id', '=', args.organizationId)
          .where('framework_id', '=', args.frameworkId)
          .executeTakeFirst();
        const next = Number(latest?.version ?? 0) + 1;
        const at = ctx.clock();
        if (args.idempotencyKey) {
          const previous = await claimIdempotencyKey({
            trx,
            organizationId: args.organizationId,
            register: APPROVALS,
            key: args.idempotencyKey,
            recordId: `${args.frameworkId}:${next}`,
            at,
          });
          if (previous) {
            const [frameworkId = '', version = '0'] = previous.split(':');
            const first = (await versions({ ...scope, frameworkId })).find(
              (v) => v.version === Number(version),
            );
            if (first) return first;
          }
        }
        const [rows, approver] = await Promise.all([
          currentSoaRows({ ...scope, today: toDateString(at) }),
          args.actor.userId
            ? trx.selectFrom('users').select('email').where('id', '=', args.actor.userId).executeTakeFirst()
            : undefined,
        ]);
        const version: SoaVersion = {
          version: next,
          approved_at: at.toISOString(),
          approved_by: approver?.email ?? null,
          note: args.note?.trim() || null,
          control_count: rows.length,
          excluded_count: rows.filter((row) => row.applicability === 'EXCLUDED').length,
        };
        await trx
          .insertInto('soa_versions')
          .values({
            organization_id: args.organizationId,
            framework_id: args.frameworkId,
            ...version,
            approved_by_user_id: args.actor.userId,
            snapshot: JSON.stringify(rows),
          })
          .execute();
        await auditCall({
          trx,
          call: args,
          record: ['framework', args.frameworkId],
          at,
          before: null,
          after: { soa_version: version },
        });
        return version;
      }),
  };
}

/** The SoA repository's type. */
export type SoaRepository = ReturnType<typeof soaRepository>;
