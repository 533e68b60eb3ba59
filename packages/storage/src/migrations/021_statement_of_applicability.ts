import { sql } from 'kysely';
import { orgChangeTriggers } from './006_change_notify.js';
import { type Migration, run } from './types.js';

/**
 * The Statement of Applicability: one decision per control of a framework (applicable or excluded
 * with a justification, owner, when reviewed) and its approved versions, each a snapshot of every
 * row at approval. A version is never changed: a trigger refuses any UPDATE of one.
 */
export const statementOfApplicability: Migration = {
  version: 21,
  name: 'statement_of_applicability',
  up: async (trx) => {
    await run(trx, [
      sql`create table soa_controls (
        organization_id text not null references organizations (id),
        framework_id text not null,
        control_code text not null,
        applicable boolean not null,
        justification text,
        owner text,
        reviewed_at timestamptz not null,
        reviewed_by_user_id text,
        primary key (organization_id, framework_id, control_code),
        constraint soa_controls_control_fkey foreign key (organization_id, framework_id, control_code)
          references framework_controls (organization_id, framework_id, code) on delete cascade,
        constraint soa_controls_exclusion_justified
          check (applicable or (justification is not null and btrim(justification) <> '')))`,
      sql`create index soa_controls_reviewed_idx on soa_controls (organization_id, framework_id, reviewed_at)`,
      sql`create table soa_versions (
        organization_id text not null references organizations (id),
        framework_id text not null,
        version integer not null check (version >= 1),
        approved_at timestamptz not null,
        approved_by_user_id text,
        approved_by text,
        note text,
        control_count integer not null check (control_count >= 0),
        excluded_count integer not null check (excluded_count >= 0),
        snapshot jsonb not null,
        primary key (organization_id, framework_id, version),
        constraint soa_versions_framework_fkey foreign key (organization_id, framework_id)
          references frameworks (organization_id, id))`,
      sql`create function comply_soa_version_immutable() returns trigger language plpgsql as $$
        begin
          raise exception 'An approved Statement of Applicability version is never changed.'
            using errcode = 'check_violation';
        end $$`,
      sql`create trigger soa_versions_immutable before update on soa_versions
        for each row execute function comply_soa_version_immutable()`,
      ...orgChangeTriggers('soa_controls'),
      ...orgChangeTriggers('soa_versions'),
    ]);
  },
};
