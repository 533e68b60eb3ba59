import { type RawBuilder, sql } from 'kysely';
import { type Migration, run } from './types.js';

/** Tables whose rows belong to one organization's registers (all carry `organization_id`). */
const REGISTER_TABLES = [
  'frameworks',
  'framework_controls',
  'measures',
  'measure_evidence',
  'measure_controls',
  'risks',
  'risk_measures',
  'vendors',
  'obligations',
  'audits',
  'nonconformities',
] as const;

const EVENTS = [
  { op: sql`insert`, name: 'insert', referencing: sql`referencing new table as new_rows` },
  { op: sql`update`, name: 'update', referencing: sql`referencing new table as new_rows` },
  { op: sql`delete`, name: 'delete', referencing: sql`referencing old table as old_rows` },
] as const;

/** The statement-level triggers that announce any write to a register table (see changeNotify). */
export function orgChangeTriggers(table: string): RawBuilder<unknown>[] {
  return EVENTS.map(
    (event) => sql`create trigger ${sql.id(`${table}_notify_${event.name}`)}
      after ${event.op} on ${sql.id(table)} ${event.referencing}
      for each statement execute function comply_notify_org_change()`,
  );
}

/**
 * Announces changes on the `comply_changes` channel so every instance can drop cached results:
 * `<schema> org <organization id>` for any register write (statement-level, one notification per
 * organization and transaction) and `<schema> auth` for anything that changes what a token may do.
 * NOTIFY inside the writing transaction is delivered on commit and never on rollback; triggers
 * catch every write path (tools, console, seeds) in one place.
 */
export const changeNotify: Migration = {
  version: 6,
  name: 'change_notify',
  up: async (trx) => {
    await run(trx, [
      sql`create function comply_notify_org_change() returns trigger language plpgsql as $$
        begin
          if tg_op = 'DELETE' then
            perform pg_notify('comply_changes', tg_table_schema || ' org ' || organization_id)
              from (select distinct organization_id from old_rows) d;
          else
            perform pg_notify('comply_changes', tg_table_schema || ' org ' || organization_id)
              from (select distinct organization_id from new_rows) d;
          end if;
          return null;
        end
        $$`,
      sql`create function comply_notify_organization() returns trigger language plpgsql as $$
        begin
          perform pg_notify('comply_changes', tg_table_schema || ' org ' || old.id);
          return null;
        end
        $$`,
      sql`create function comply_notify_auth() returns trigger language plpgsql as $$
        begin
          perform pg_notify('comply_changes', tg_table_schema || ' auth');
          return null;
        end
        $$`,
      ...REGISTER_TABLES.flatMap(orgChangeTriggers),
      sql`create trigger organizations_notify after update or delete on organizations
        for each row execute function comply_notify_organization()`,
      sql`create trigger memberships_notify after insert or update or delete on memberships
        for each statement execute function comply_notify_auth()`,
      sql`create trigger api_token_organizations_notify
        after insert or update or delete on api_token_organizations
        for each statement execute function comply_notify_auth()`,
      sql`create trigger api_tokens_notify
        after update of revoked_at, expires_at, scope, org_restricted, user_id or delete on api_tokens
        for each statement execute function comply_notify_auth()`,
      sql`create trigger users_notify after update of email, name or delete on users
        for each statement execute function comply_notify_auth()`,
    ]);
  },
};
