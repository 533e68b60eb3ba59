import { type OperationNodeSource, type RawBuilder, sql } from 'kysely';
import type { Actor } from '../context.js';
import type { Db } from '../db/types.js';
import { newId } from '../ids.js';

/**
 * Runs one write statement (INSERT/UPDATE … RETURNING a record's row) and appends its audit entry
 * in the same statement, as a data-modifying CTE: one round trip, and atomic on its own. The
 * entry's `after` is `recordJson`, an expression over the returned row `w` that builds the wire
 * record as the register's mapping would. Resolves to the returned row, or undefined when the
 * statement wrote no row (then no entry is written either).
 */
export async function auditedStatement<Row>(args: {
  db: Db;
  statement: OperationNodeSource;
  recordJson: RawBuilder<unknown>;
  organizationId: string;
  actor: Actor;
  recordType: string;
  recordId: string;
  before: unknown;
  at: Date;
}): Promise<Row | undefined> {
  const { actor, at } = args;
  const before = args.before === null || args.before === undefined ? null : JSON.stringify(args.before);
  const { rows } = await sql<Row>`with w as (${args.statement}),
    a as (insert into audit_log (id, organization_id, at, actor_user_id, token_id, source, action,
        record_type, record_id, before, after)
      select ${newId('log', at.getTime())}, ${args.organizationId}, ${at.toISOString()}::timestamptz,
        ${actor.userId}, ${actor.tokenId}, ${actor.source}, ${actor.action}, ${args.recordType},
        ${args.recordId}, ${before}::jsonb, ${args.recordJson} from w)
    select * from w`.execute(args.db);
  return rows[0];
}

/** A timestamptz column of `w` as the wire's ISO 8601 UTC text with milliseconds (toISOString). */
export function isoTimestampSql(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(`w.${column}`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
