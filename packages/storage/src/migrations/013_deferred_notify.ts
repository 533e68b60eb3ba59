import { sql } from 'kysely';
import { type Migration, run } from './types.js';

/** The SQLSTATE of the notice a deferring session receives instead of a NOTIFY (class "CY"). */
export const DEFERRED_CHANGE_CODE = 'CY001';

/**
 * Register writes announce their organization without NOTIFY on the sessions that ask for it
 * (`comply.notify = 'deferred'`, which Comply's own PostgreSQL pool sets): PostgreSQL holds one
 * database-wide lock from the commit of a transaction that called NOTIFY until its WAL flush is
 * done, so every writing transaction in the cluster committed one at a time. Such a session gets a
 * NOTICE carrying the same payload instead; the Storage that owns the connection applies it to its
 * own change feed and sends the NOTIFY for other instances itself once the transaction has ended,
 * batched with its other writes' (src/changes/deferred.ts). Any other session (PGlite, psql, a
 * script) still notifies inside its transaction, as migration 006 made every session do.
 */
export const deferredNotify: Migration = {
  version: 13,
  name: 'deferred_notify',
  up: async (trx) => {
    await run(trx, [
      sql`create function comply_announce_org(payload text) returns void language plpgsql as $$
        begin
          if current_setting('comply.notify', true) = 'deferred' then
            raise notice using message = payload, errcode = ${sql.lit(DEFERRED_CHANGE_CODE)};
          else
            perform pg_notify('comply_changes', payload);
          end if;
        end
        $$`,
      sql`create or replace function comply_notify_org_change() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            perform comply_announce_org(tg_table_schema || ' org ' || organization_id)
              from (select distinct organization_id from old_rows) d;
          else
            perform comply_announce_org(tg_table_schema || ' org ' || organization_id)
              from (select distinct organization_id from new_rows) d;
          end if;
          return null;
        end
        $$`,
      sql`create or replace function comply_notify_organization() returns trigger language plpgsql as $$
        begin
          perform comply_announce_org(tg_table_schema || ' org ' || old.id);
          return null;
        end
        $$`,
    ]);
  },
};
