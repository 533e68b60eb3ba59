import { type OperationNodeSource, type RawBuilder, sql } from 'kysely';
import type { Actor } from '../context.js';
import type { Db } from '../db/types.js';
import { newId } from '../ids.js';

/** The wire record as jsonb from a row named `alias` of a register's select columns. */
export type RecordJson = (alias: 'b' | 'w') => RawBuilder<unknown>;

/**
 * Runs one write statement (INSERT/UPDATE … RETURNING a record's row) and appends its audit entry
 * in the same statement, as a data-modifying CTE: one round trip, and atomic on its own. The
 * entry's `after` is `recordJson` over the returned row `w`; its `before` is `recordJson` over
 * the row `before` selects. Every part of one statement reads the same snapshot, and the UPDATE's
 * own change is not visible to it, so that row is the record as it was just before this write
 * (the caller holds the row lock, or the statement itself writes only when the version it locks
 * is the one its snapshot reads: src/registers/kit.ts, optimisticUpdate). Resolves to the
 * returned row, or undefined when the statement wrote no row (then no entry is written either).
 */
export async function auditedStatement<Row>(args: {
  db: Db;
  /** CTEs the statement refers to, first in the WITH list (`name as (…), …`). */
  prelude?: RawBuilder<unknown> | undefined;
  statement: OperationNodeSource;
  /** For an update: the record's select (one row), read in the same statement. */
  before?: OperationNodeSource | undefined;
  recordJson: RecordJson;
  organizationId: string;
  actor: Actor;
  recordType: string;
  recordId: string;
  at: Date;
}): Promise<Row | undefined> {
  const { actor, at } = args;
  const before = args.before ? sql`(select ${args.recordJson('b')} from b)` : sql`null::jsonb`;
  const { rows } =
    await sql<Row>`with ${args.prelude ? sql`${args.prelude}, ` : sql``}${args.before ? sql`b as (${args.before}), ` : sql``}w as (${args.statement}),
    a as (insert into audit_log (id, organization_id, at, actor_user_id, token_id, source, action,
        record_type, record_id, before, after)
      select ${newId('log', at.getTime())}, ${args.organizationId}, ${at.toISOString()}::timestamptz,
        ${actor.userId}, ${actor.tokenId}, ${actor.source}, ${actor.action}, ${args.recordType},
        ${args.recordId}, ${before}, ${args.recordJson('w')} from w)
    select * from w`.execute(args.db);
  return rows[0];
}

/** A timestamptz column of row `alias` as the wire's ISO 8601 UTC text with milliseconds (toISOString). */
export function isoTimestampSql(alias: string, column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(`${alias}.${column}`)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
