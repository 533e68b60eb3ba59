import { type RawBuilder, sql } from 'kysely';
import { toIsoTimestamp } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { VendorRiskTier, VendorStatus } from '../../enums.js';
import type { SelectedRow } from '../kit.js';
import type { Vendor } from './types.js';

/**
 * The one definition of review_overdue: an ACTIVE vendor reviewed before whose next_review_due is
 * before today. Never false-or-null: `not (…)` must hold for every other vendor.
 */
export function reviewOverdueSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(vendors.status = 'ACTIVE' and vendors.next_review_due is not null and vendors.next_review_due < ${today}::date)`;
}

/** The one definition of never_reviewed: an ACTIVE vendor without a review date. */
export function neverReviewedSql(): RawBuilder<boolean> {
  return sql<boolean>`(vendors.status = 'ACTIVE' and vendors.last_reviewed_at is null)`;
}

/** Selects vendors with every wire column, computed fields included. */
export function selectVendors(args: { db: Db; today: string }) {
  return args.db
    .selectFrom('vendors')
    .select([
      'vendors.id',
      'vendors.organization_id',
      'vendors.name',
      'vendors.description',
      'vendors.category',
      'vendors.website',
      'vendors.risk_tier',
      'vendors.status',
      'vendors.processes_personal_data',
      'vendors.contract_end',
      'vendors.last_reviewed_at',
      'vendors.review_interval_days',
      'vendors.next_review_due',
      'vendors.owner',
      'vendors.contact_email',
      'vendors.created_at',
      'vendors.updated_at',
      reviewOverdueSql(args.today).as('review_overdue'),
      neverReviewedSql().as('never_reviewed'),
    ]);
}

type VendorRow = SelectedRow<typeof selectVendors>;

/** A selected row in wire shape. */
export function toVendor(row: VendorRow): Vendor {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    description: row.description,
    category: row.category,
    website: row.website,
    risk_tier: row.risk_tier as VendorRiskTier,
    status: row.status as VendorStatus,
    processes_personal_data: row.processes_personal_data,
    contract_end: row.contract_end,
    last_reviewed_at: row.last_reviewed_at,
    review_interval_days: row.review_interval_days,
    next_review_due: row.next_review_due,
    review_overdue: row.review_overdue,
    never_reviewed: row.never_reviewed,
    owner: row.owner,
    contact_email: row.contact_email,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}
