import { sql } from 'kysely';
import { AUDIT_SOURCES } from '../enums.js';
import { type Migration, oneOf, run } from './types.js';

/** The append-only audit log: a trigger refuses UPDATE, DELETE and TRUNCATE. */
export const auditLog: Migration = {
  version: 4,
  name: 'audit_log',
  up: async (trx) => {
    await run(trx, [
      sql`create table audit_log (
        id text primary key,
        organization_id text references organizations (id),
        at timestamptz not null,
        actor_user_id text references users (id),
        token_id text,
        source text not null check (source in ${oneOf(AUDIT_SOURCES)}),
        action text not null,
        record_type text not null,
        record_id text not null,
        before jsonb,
        after jsonb)`,
      sql`create index audit_log_org_idx on audit_log (organization_id, at, id)`,
      sql`create index audit_log_record_idx on audit_log (organization_id, record_id, at)`,
      sql`create index audit_log_actor_idx on audit_log (organization_id, actor_user_id, at)`,
      sql`create index audit_log_token_idx on audit_log (organization_id, token_id, at)`,
      sql`create function audit_log_append_only() returns trigger language plpgsql as $$
        begin
          raise exception 'audit_log is append-only' using errcode = '42501';
        end
        $$`,
      sql`create trigger audit_log_no_update before update or delete on audit_log
        for each row execute function audit_log_append_only()`,
      sql`create trigger audit_log_no_truncate before truncate on audit_log
        for each statement execute function audit_log_append_only()`,
    ]);
  },
};
