import { type RawBuilder, sql } from 'kysely';
import { toIsoOrNull, toIsoTimestamp } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { NcSeverity, NcStatus } from '../../enums.js';
import type { SelectedRow } from '../kit.js';
import type { Nonconformity } from './types.js';

/** The one definition of a nonconformity's `overdue`. */
export function ncOverdueSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(nonconformities.due_date is not null and nonconformities.due_date < ${today}::date
    and nonconformities.status <> 'CLOSED')`;
}

/** Selects nonconformities with every wire column, computed fields included. */
export function selectNonconformities(args: { db: Db; today: string }) {
  return args.db
    .selectFrom('nonconformities')
    .select([
      'nonconformities.id',
      'nonconformities.organization_id',
      'nonconformities.reference',
      'nonconformities.title',
      'nonconformities.description',
      'nonconformities.severity',
      'nonconformities.status',
      'nonconformities.audit_id',
      'nonconformities.measure_id',
      'nonconformities.date_identified',
      'nonconformities.root_cause',
      'nonconformities.corrective_action',
      'nonconformities.owner',
      'nonconformities.due_date',
      'nonconformities.closed_at',
      'nonconformities.created_at',
      'nonconformities.updated_at',
      ncOverdueSql(args.today).as('overdue'),
    ]);
}

type NcRow = SelectedRow<typeof selectNonconformities>;

/** A selected row in wire shape. */
export function toNonconformity(row: NcRow): Nonconformity {
  return {
    id: row.id,
    organization_id: row.organization_id,
    reference: row.reference,
    title: row.title,
    description: row.description,
    severity: row.severity as NcSeverity,
    status: row.status as NcStatus,
    audit_id: row.audit_id,
    measure_id: row.measure_id,
    date_identified: row.date_identified,
    root_cause: row.root_cause,
    corrective_action: row.corrective_action,
    owner: row.owner,
    due_date: row.due_date,
    closed_at: toIsoOrNull(row.closed_at),
    overdue: row.overdue,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}
