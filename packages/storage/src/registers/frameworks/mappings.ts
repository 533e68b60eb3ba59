import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import { appendAudit } from '../../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../../context.js';
import { toIsoTimestamp } from '../../dates.js';
import type { ControlRelationship } from '../../enums.js';
import { invalidInput } from '../../errors.js';
import { newId } from '../../ids.js';
import { assertFramework } from './control-list.js';
import type { FrameworkMapping, MappingInput } from './types.js';

// An error lists at most this many unknown codes.
const SHOWN_CODES = 5;
// Rows per statement: embedded PGlite runs each statement on the event loop (see upsertControls).
const CHUNK = 500;

/** Crosswalks between two frameworks of one organization. */
export function mappingsRepository(ctx: StorageContext) {
  return {
    /**
     * Writes a mapping collection's rows between two frameworks of the organization (an existing
     * pair takes the new relationship and provenance), one transaction, one audit entry. Every code
     * must exist on its side, or nothing is written.
     */
    import: (args: {
      organizationId: string;
      actor: Actor;
      sourceFrameworkId: string;
      targetFrameworkId: string;
      collection: { title: string; uuid: string | null };
      rows: readonly MappingInput[];
    }): Promise<{ mapping_count: number }> =>
      inTransaction(ctx.db, async (trx) => {
        const { organizationId } = args;
        for (const [field, frameworkId] of [
          ['source_framework_id', args.sourceFrameworkId],
          ['target_framework_id', args.targetFrameworkId],
        ] as const) {
          await assertFramework({ db: trx, organizationId, frameworkId }).catch((error: Error) => {
            throw invalidInput(field, error.message);
          });
          const side = field === 'source_framework_id' ? 'source_control_code' : 'target_control_code';
          const wanted = [...new Set(args.rows.map((row) => row[side]))];
          const known = new Set(
            (
              await trx
                .selectFrom('framework_controls')
                .select('code')
                .where('organization_id', '=', organizationId)
                .where('framework_id', '=', frameworkId)
                .execute()
            ).map((row) => row.code),
          );
          const unknown = wanted.filter((code) => !known.has(code));
          if (unknown.length > 0) {
            throw invalidInput(
              field,
              `${unknown.length} control(s) of the mapping are not in framework ${frameworkId}: ${unknown.slice(0, SHOWN_CODES).join(', ')}${unknown.length > SHOWN_CODES ? ', …' : ''}.`,
            );
          }
        }
        const now = ctx.clock();
        const rows = args.rows.map((row) => ({ id: newId('mapping'), ...row }));
        for (let start = 0; start < rows.length; start += CHUNK) {
          if (start > 0) await nextTurn();
          const chunk = rows.slice(start, start + CHUNK);
          await sql`insert into framework_mappings (id, organization_id, source_framework_id,
              source_control_code, target_framework_id, target_control_code, relationship,
              collection_title, collection_uuid, imported_at)
            select r.id, ${organizationId}, ${args.sourceFrameworkId}, r.source_control_code,
              ${args.targetFrameworkId}, r.target_control_code, r.relationship, ${args.collection.title},
              ${args.collection.uuid}, ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb)
              as r(id text, source_control_code text, target_control_code text, relationship text)
            on conflict (organization_id, source_framework_id, source_control_code, target_framework_id,
              target_control_code) do update set relationship = excluded.relationship,
              collection_title = excluded.collection_title, collection_uuid = excluded.collection_uuid,
              imported_at = excluded.imported_at`.execute(trx);
        }
        await appendAudit({
          trx,
          organizationId,
          actor: args.actor,
          recordType: 'framework_mappings',
          recordId: args.sourceFrameworkId,
          before: null,
          after: {
            source_framework_id: args.sourceFrameworkId,
            target_framework_id: args.targetFrameworkId,
            collection_title: args.collection.title,
            collection_uuid: args.collection.uuid,
            mapping_count: rows.length,
          },
          at: now,
        });
        return { mapping_count: rows.length };
      }),

    /** The organization's crosswalk rows (those touching `frameworkId` when given), stable order. */
    list: async (args: {
      organizationId: string;
      frameworkId?: string | undefined;
    }): Promise<FrameworkMapping[]> => {
      let query = ctx.db
        .selectFrom('framework_mappings')
        .selectAll()
        .where('organization_id', '=', args.organizationId);
      const { frameworkId } = args;
      if (frameworkId !== undefined) {
        query = query.where((eb) =>
          eb.or([eb('source_framework_id', '=', frameworkId), eb('target_framework_id', '=', frameworkId)]),
        );
      }
      const rows = await query
        .orderBy('source_framework_id')
        .orderBy('target_framework_id')
        .orderBy('source_control_code')
        .orderBy('target_control_code')
        .execute();
      return rows.map(({ organization_id: _org, ...row }) => ({
        ...row,
        relationship: row.relationship as ControlRelationship,
        imported_at: toIsoTimestamp(row.imported_at),
      }));
    },
  };
}
