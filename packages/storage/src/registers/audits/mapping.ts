import { type RawBuilder, sql } from 'kysely';
import { toIsoTimestamp } from '../../dates.js';
import type { Db } from '../../db/types.js';
import type { AuditKind, AuditState } from '../../enums.js';
import type { SelectedRow } from '../kit.js';
import type { Audit } from './types.js';

/** The one definition of an audit's `upcoming`. */
export function upcomingSql(today: string): RawBuilder<boolean> {
  return sql<boolean>`(audits.start_date is not null and audits.start_date > ${today}::date
    and audits.state in ('PLANNED', 'IN_PROGRESS'))`;
}

/** Selects audits with every wire column, computed fields included. */
export function selectAudits(args: { db: Db; today: string }) {
  return args.db
    .selectFrom('audits')
    .select([
      'audits.id',
      'audits.organization_id',
      'audits.name',
      'audits.framework_id',
      'audits.kind',
      'audits.auditor',
      'audits.state',
      'audits.start_date',
      'audits.end_date',
      'audits.report_url',
      'audits.notes',
      'audits.created_at',
      'audits.updated_at',
      upcomingSql(args.today).as('upcoming'),
    ]);
}

type AuditRow = SelectedRow<typeof selectAudits>;

/** A selected row in wire shape. */
export function toAudit(row: AuditRow): Audit {
  return {
    id: row.id,
    organization_id: row.organization_id,
    name: row.name,
    framework_id: row.framework_id,
    kind: row.kind as AuditKind,
    auditor: row.auditor,
    state: row.state as AuditState,
    start_date: row.start_date,
    end_date: row.end_date,
    report_url: row.report_url,
    notes: row.notes,
    upcoming: row.upcoming,
    created_at: toIsoTimestamp(row.created_at),
    updated_at: toIsoTimestamp(row.updated_at),
  };
}
