import { sql } from 'kysely';
import { CONTROL_RELATIONSHIPS, FRAMEWORK_SOURCES } from '../enums.js';
import { type Migration, oneOf, run } from './types.js';

const EVENTS = [
  { op: sql`insert`, name: 'insert', referencing: sql`referencing new table as new_rows` },
  { op: sql`update`, name: 'update', referencing: sql`referencing new table as new_rows` },
  { op: sql`delete`, name: 'delete', referencing: sql`referencing old table as old_rows` },
] as const;

/**
 * Frameworks at scale: controls gain families, OSCAL ids, statements, guidance, parameters,
 * baselines and a document position; frameworks record where they came from; crosswalk rows relate
 * controls of two frameworks of one organization. Existing controls keep no family and take their
 * position from code order.
 */
export const frameworkControls: Migration = {
  version: 8,
  name: 'framework_controls',
  up: async (trx) => {
    await run(trx, [
      sql`alter table frameworks
        add column source text not null default 'manual' check (source in ${oneOf(FRAMEWORK_SOURCES)}),
        add column library_key text,
        add column baseline text,
        add column oscal_uuid text`,
      sql`alter table framework_controls
        add column family text,
        add column family_id text,
        add column oscal_id text,
        add column parent_code text,
        add column statement text,
        add column guidance text,
        add column parameters jsonb not null default '[]'::jsonb,
        add column baselines text[] not null default '{}',
        add column position integer`,
      sql`update framework_controls c set position = r.position
        from (select id, (row_number() over (partition by framework_id order by code, id) - 1)::int as position
          from framework_controls) r
        where r.id = c.id`,
      sql`alter table framework_controls alter column position set not null`,
      sql`create index framework_controls_position_idx
        on framework_controls (organization_id, framework_id, position, id)`,
      sql`create index framework_controls_family_idx
        on framework_controls (organization_id, framework_id, family, position, id)`,
      sql`create table framework_mappings (
        id text primary key,
        organization_id text not null references organizations (id),
        source_framework_id text not null,
        source_control_code text not null,
        target_framework_id text not null,
        target_control_code text not null,
        relationship text not null check (relationship in ${oneOf(CONTROL_RELATIONSHIPS)}),
        collection_title text not null,
        collection_uuid text,
        imported_at timestamptz not null,
        constraint framework_mappings_source_fkey
          foreign key (organization_id, source_framework_id, source_control_code)
          references framework_controls (organization_id, framework_id, code),
        constraint framework_mappings_target_fkey
          foreign key (organization_id, target_framework_id, target_control_code)
          references framework_controls (organization_id, framework_id, code),
        constraint framework_mappings_pair_key unique
          (organization_id, source_framework_id, source_control_code, target_framework_id, target_control_code))`,
      sql`create index framework_mappings_target_idx
        on framework_mappings (organization_id, target_framework_id, target_control_code)`,
      ...EVENTS.map(
        (event) => sql`create trigger ${sql.id(`framework_mappings_notify_${event.name}`)}
          after ${event.op} on framework_mappings ${event.referencing}
          for each statement execute function comply_notify_org_change()`,
      ),
    ]);
  },
};
