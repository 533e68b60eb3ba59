import type { Db } from '../db/types.js';
import { ASSET_CLASSIFICATIONS } from '../enums.js';
import { assetReviewOverdueSql } from '../registers/assets/mapping.js';
import { countBy, total } from './aggregate.js';
import type { ComplianceReport } from './types.js';

/** The compliance report's asset section: counts per classification and overdue reviews. */
export async function assetSummary(args: {
  db: Db;
  organizationId: string;
  today: string;
}): Promise<ComplianceReport['assets']> {
  const { db, organizationId } = args;
  const [byClassification, overdue] = await Promise.all([
    countBy({ db, organizationId, table: 'assets', column: 'classification', keys: ASSET_CLASSIFICATIONS }),
    db
      .selectFrom('assets')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('assets.organization_id', '=', organizationId)
      .where(assetReviewOverdueSql(args.today))
      .executeTakeFirst(),
  ]);
  return {
    total: total(byClassification),
    by_classification: byClassification,
    review_overdue: Number(overdue?.count ?? 0),
  };
}
