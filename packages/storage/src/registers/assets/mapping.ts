import { type RawBuilder, sql } from 'kysely';
import { toIsoTimestamp } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { AssetClassification, AssetType } from '../../enums.js';
import type { SelectedRow } from '../kit.js';
import type { Asset } from './types.js';

/**
 * The one definition of an asset's review_overdue, as for vendors: reviewed before and past
 * next_review_due. Never null, so `not (…)` holds for every other asset.
 */
export function assetReviewOverdueSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(assets.next_review_due is not null and assets.next_review_due < ${today}::date)`;
}

/** The one definition of an asset's never_reviewed: no review date yet. */
export function assetNeverReviewedSql(): RawBuilder<boolean> {
  return sql<boolean>`(assets.last_reviewed_at is null)`;
}

/** Selects assets with every wire column, computed fields included. */
export function selectAssets(args: { db: Db; today: string }) {
  return args.db
    .selectFrom('assets')
    .select([
      'assets.id',
      'assets.organization_id',
      'assets.name',
      'assets.type',
      'assets.classification',
      'assets.owner',
      'assets.description',
      'assets.location',
      'assets.vendor_id',
      'assets.last_reviewed_at',
      'assets.review_interval_days',
      'assets.next_review_due',
      'assets.created_at',
      'assets.updated_at',
      assetReviewOverdueSql(args.today).as('review_overdue'),
      assetNeverReviewedSql().as('never_reviewed'),
    ]);
}

type AssetRow = SelectedRow<typeof selectAssets>;

/** A selected row in wire shape. */
export function toAsset(row: AssetRow): Asset {
  return {
    ...row,
    type: row.type as AssetType,
    classification: row.classification as AssetClassification,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}
