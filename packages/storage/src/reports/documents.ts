import { sql } from 'kysely';
import type { Db } from '../db/types.js';
import type { ComplianceReport } from './types.js';

/** The compliance report's documents section: in use, published, awaiting approval, review overdue. */
export async function documentSummary(args: {
  db: Db;
  organizationId: string;
  today: string;
}): Promise<ComplianceReport['documents']> {
  const { rows } = await sql<{ total: number; published: number; in_review: number; overdue: number }>`
    select count(*)::int as total,
      count(*) filter (where published_version is not null)::int as published,
      count(*) filter (where status = 'IN_REVIEW')::int as in_review,
      count(*) filter (where next_review_due < ${args.today}::date)::int as overdue
    from documents where organization_id = ${args.organizationId} and status <> 'RETIRED'`.execute(args.db);
  const row = rows[0];
  return {
    total: Number(row?.total ?? 0),
    published: Number(row?.published ?? 0),
    in_review: Number(row?.in_review ?? 0),
    review_overdue: Number(row?.overdue ?? 0),
  };
}
