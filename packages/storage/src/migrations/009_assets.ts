import { sql } from 'kysely';
import { ASSET_CLASSIFICATIONS, ASSET_TYPES } from '../enums.js';
import { orgChangeTriggers } from './006_change_notify.js';
import { type Migration, oneOf, run } from './types.js';

/** The asset inventory and the risk↔asset links; a hosting vendor must be of the same organization. */
export const assets: Migration = {
  version: 9,
  name: 'assets',
  up: async (trx) => {
    await run(trx, [
      sql`create table assets (
        id text primary key,
        organization_id text not null references organizations (id),
        name text not null constraint assets_name_check check (char_length(name) between 1 and 200),
        type text not null check (type in ${oneOf(ASSET_TYPES)}),
        classification text not null check (classification in ${oneOf(ASSET_CLASSIFICATIONS)}),
        owner text,
        description text,
        location text,
        vendor_id text,
        last_reviewed_at date,
        review_interval_days integer not null check (review_interval_days between 1 and 3650),
        next_review_due date generated always as (last_reviewed_at + review_interval_days) stored,
        created_at timestamptz not null,
        updated_at timestamptz not null,
        constraint assets_org_id_key unique (organization_id, id),
        constraint assets_vendor_id_fkey foreign key (organization_id, vendor_id)
          references vendors (organization_id, id))`,
      sql`create unique index assets_name_key on assets (organization_id, lower(name))`,
      sql`create index assets_name_idx on assets (organization_id, lower(name), id)`,
      sql`create index assets_next_review_idx on assets (organization_id, next_review_due, id)`,
      sql`create index assets_last_reviewed_idx on assets (organization_id, last_reviewed_at, id)`,
      sql`create index assets_created_idx on assets (organization_id, created_at, id)`,
      sql`create index assets_updated_idx on assets (organization_id, updated_at, id)`,
      sql`create index assets_class_idx on assets (organization_id, classification, type)`,
      sql`create index assets_owner_idx on assets (organization_id, lower(owner))`,
      sql`create index assets_vendor_idx on assets (organization_id, vendor_id)`,
      sql`create table risk_assets (
        organization_id text not null,
        risk_id text not null,
        asset_id text not null,
        primary key (risk_id, asset_id),
        constraint risk_assets_risk_id_fkey foreign key (organization_id, risk_id)
          references risks (organization_id, id),
        constraint risk_assets_asset_id_fkey foreign key (organization_id, asset_id)
          references assets (organization_id, id))`,
      sql`create index risk_assets_asset_idx on risk_assets (organization_id, asset_id)`,
      ...orgChangeTriggers('assets'),
      ...orgChangeTriggers('risk_assets'),
    ]);
  },
};
