import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { StorageContext } from '../context.js';
import { toIsoTimestamp } from '../dates.js';
import type { Database } from '../db/types.js';
import type { AuditSource } from '../enums.js';
import type { Page } from '../paging/list.js';
import type { OrderSpec } from '../paging/order.js';
import { listPage } from '../paging/query.js';

/** One audit-log entry: who changed which record, how, and the record before and after. */
export interface AuditLogEntry {
  id: string;
  organization_id: string | null;
  at: string;
  actor_user_id: string | null;
  token_id: string | null;
  source: AuditSource;
  action: string;
  record_type: string;
  record_id: string;
  before: unknown;
  after: unknown;
}

/** Filters of the activity view. */
export interface AuditLogFilters {
  record_id?: string;
  record_type?: string;
  actor_user_id?: string;
  token_id?: string;
  action?: string;
  /** Record types left out (e.g. those the reader may not see). */
  exclude_record_types?: readonly string[];
}

const LOG_ORDER: OrderSpec<'at'> = {
  keys: { at: { expr: sql.ref('audit_log.at'), nullable: false } },
  defaultOrder: { field: 'at', direction: 'desc' },
  idColumn: 'audit_log.id',
};

/** Read access to the append-only audit log (entries are written by the repositories). */
export function auditLogRepository(ctx: StorageContext) {
  return {
    /** An organization's entries, newest first, keyset paginated. */
    list: async (args: {
      organizationId: string;
      filters?: AuditLogFilters;
      pageSize?: number;
      cursor?: string | null;
    }): Promise<Page<AuditLogEntry>> => {
      const f = args.filters ?? {};
      const where = (eb: ExpressionBuilder<Database, 'audit_log'>): Expression<SqlBool> => {
        const terms: Expression<SqlBool>[] = [eb('audit_log.organization_id', '=', args.organizationId)];
        if (f.record_id !== undefined) terms.push(eb('audit_log.record_id', '=', f.record_id));
        if (f.record_type !== undefined) terms.push(eb('audit_log.record_type', '=', f.record_type));
        if (f.actor_user_id !== undefined) terms.push(eb('audit_log.actor_user_id', '=', f.actor_user_id));
        if (f.token_id !== undefined) terms.push(eb('audit_log.token_id', '=', f.token_id));
        if (f.action !== undefined) terms.push(eb('audit_log.action', '=', f.action));
        if (f.exclude_record_types?.length)
          terms.push(eb('audit_log.record_type', 'not in', [...f.exclude_record_types]));
        return eb.and(terms);
      };
      const page = await listPage({
        ctx,
        register: 'audit_log',
        spec: LOG_ORDER,
        params: {
          organizationId: args.organizationId,
          filters: f,
          pageSize: args.pageSize,
          cursor: args.cursor,
        },
        select: (db = ctx.db) => db.selectFrom('audit_log').selectAll(),
        where,
      });
      return {
        ...page,
        items: page.items.map((row) => ({
          id: row.id,
          organization_id: row.organization_id,
          at: toIsoTimestamp(row.at),
          actor_user_id: row.actor_user_id,
          token_id: row.token_id,
          source: row.source as AuditSource,
          action: row.action,
          record_type: row.record_type,
          record_id: row.record_id,
          before: row.before,
          after: row.after,
        })),
      };
    },
  };
}

/** The audit-log repository's type. */
export type AuditLogRepository = ReturnType<typeof auditLogRepository>;
