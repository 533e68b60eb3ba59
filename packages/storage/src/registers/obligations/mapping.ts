import { type RawBuilder, sql } from 'kysely';
import { toIsoTimestamp } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { ObligationSource, ObligationStatus } from '../../enums.js';
import type { SelectedRow } from '../kit.js';
import type { Obligation } from './types.js';

/** The one definition of an obligation's `overdue`. */
export function obligationOverdueSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(obligations.due_date is not null and obligations.due_date < ${today}::date
    and obligations.status <> 'COMPLIANT')`;
}

/** Selects obligations with every wire column, computed fields included. */
export function selectObligations(args: { db: Db; today: string }) {
  return args.db
    .selectFrom('obligations')
    .select([
      'obligations.id',
      'obligations.organization_id',
      'obligations.title',
      'obligations.requirement',
      'obligations.source',
      'obligations.regulator',
      'obligations.area',
      'obligations.owner',
      'obligations.status',
      'obligations.due_date',
      'obligations.last_review_date',
      'obligations.actions',
      'obligations.created_at',
      'obligations.updated_at',
      obligationOverdueSql(args.today).as('overdue'),
    ]);
}

type ObligationRow = SelectedRow<typeof selectObligations>;

/** A selected row in wire shape. */
export function toObligation(row: ObligationRow): Obligation {
  return {
    id: row.id,
    organization_id: row.organization_id,
    title: row.title,
    requirement: row.requirement,
    source: row.source as ObligationSource,
    regulator: row.regulator,
    area: row.area,
    owner: row.owner,
    status: row.status as ObligationStatus,
    due_date: row.due_date,
    last_review_date: row.last_review_date,
    actions: row.actions,
    overdue: row.overdue,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}
