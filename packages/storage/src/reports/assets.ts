import type { Db } from '../db/types.js';
import { ASSET_CLASSIFICATIONS } from '../enums.js';
import { assetNeverReviewedSql, assetReviewOverdueSql } from '../registers/assets.js';
import { countBy, total } from './aggregate.js';
import type { ComplianceReport } from './types.js';

/** The compliance report's asset section: counts per classification, overdue and never-done reviews. */
export async function assetSummary(args: {
  db: Db;
  organizationId: string;
  today: string;
}): Promise<ComplianceReport['assets']> {
  const { db, organizationId } = args;
  const [byClassification, reviews] = await Promise.all([
    countBy({ db, organizationId, table: 'assets', column: 'classification', keys: ASSET_CLASSIFICATIONS }),
    db
      .selectFrom('assets')
      .select((eb) => [
        eb.fn.countAll<string>().filterWhere(assetReviewOverdueSql(args.today)).as('overdue'),
        eb.fn.countAll<string>().filterWhere(assetNeverReviewedSql()).as('never'),
      ])
      .where('assets.organization_id', '=', organizationId)
      .where('assets.archived_at', 'is', null)
      .executeTakeFirst(),
  ]);
  return {
    total: total(byClassification),
    by_classification: byClassification,
    review_overdue: Number(reviews?.overdue ?? 0),
    never_reviewed: Number(reviews?.never ?? 0),
  };
}
