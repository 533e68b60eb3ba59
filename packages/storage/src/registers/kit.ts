import { sql, type Transaction } from 'kysely';
import { appendAudit } from '../audit/append.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import type { Database } from '../db/types.js';
import { invalidInput, notFound, StorageError } from '../errors.js';
import { type IdKind, newId } from '../ids.js';

/** Loads one wire record of an organization, or null. */
export type Loader<T> = (args: {
  db: Transaction<Database> | StorageContext['db'];
  organizationId: string;
  id: string;
}) => Promise<T | null>;

/**
 * Creates a register record: idempotency key, insert, audit entry — one transaction.
 * A retry with the same idempotency key returns the record the first call created.
 */
export async function createRecord<T extends { id: string }>(args: {
  ctx: StorageContext;
  organizationId: string;
  actor: Actor;
  register: string;
  recordType: string;
  idKind: IdKind;
  idempotencyKey?: string | undefined;
  load: Loader<T>;
  insert: (args: { trx: Transaction<Database>; id: string; now: string }) => Promise<void>;
}): Promise<T> {
  const { ctx, organizationId } = args;
  return inTransaction(ctx.db, async (trx) => {
    const at = ctx.clock();
    const id = newId(args.idKind, at.getTime());
    if (args.idempotencyKey) {
      const claimed = await trx
        .insertInto('idempotency_keys')
        .values({
          organization_id: organizationId,
          register: args.register,
          key: args.idempotencyKey,
          record_id: id,
          created_at: at.toISOString(),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('record_id')
        .executeTakeFirst();
      if (!claimed) {
        const previous = await trx
          .selectFrom('idempotency_keys')
          .select('record_id')
          .where('organization_id', '=', organizationId)
          .where('register', '=', args.register)
          .where('key', '=', args.idempotencyKey)
          .executeTakeFirstOrThrow();
        const record = await args.load({ db: trx, organizationId, id: previous.record_id });
        if (record) return record;
      }
    }
    await args.insert({ trx, id, now: at.toISOString() });
    const after = await args.load({ db: trx, organizationId, id });
    if (!after) throw new Error(`${args.recordType} ${id} vanished after insert`);
    await appendAudit({
      trx,
      organizationId,
      actor: args.actor,
      recordType: args.recordType,
      recordId: id,
      before: null,
      after,
      at,
    });
    return after;
  });
}

/**
 * Updates a register record: row lock, optional optimistic check, apply, audit entry with the
 * before and after wire records — one transaction.
 */
export async function updateRecord<T extends { id: string; updated_at: string }>(args: {
  ctx: StorageContext;
  organizationId: string;
  actor: Actor;
  table: keyof Database;
  recordType: string;
  id: string;
  expectedUpdatedAt?: string | undefined;
  load: Loader<T>;
  apply: (args: { trx: Transaction<Database>; before: T; now: string }) => Promise<void>;
}): Promise<T> {
  const { ctx, organizationId, id } = args;
  return inTransaction(ctx.db, async (trx) => {
    const locked = await sql<{ id: string }>`select id from ${sql.table(args.table)}
      where organization_id = ${organizationId} and id = ${id} for update`.execute(trx);
    if (locked.rows.length === 0) throw notFound(args.recordType, id);
    const before = await args.load({ db: trx, organizationId, id });
    if (!before) throw notFound(args.recordType, id);
    const expected = args.expectedUpdatedAt === undefined ? undefined : new Date(args.expectedUpdatedAt);
    if (expected && Number.isNaN(expected.getTime())) {
      throw invalidInput('expected_updated_at', '`expected_updated_at` must be an ISO 8601 date-time.');
    }
    if (expected && before.updated_at !== expected.toISOString()) {
      throw new StorageError({
        code: 'CONFLICT',
        field: 'expected_updated_at',
        message: `The ${args.recordType} was changed at ${before.updated_at} by someone else; fetch it again and retry.`,
      });
    }
    const at = ctx.clock();
    await args.apply({ trx, before, now: at.toISOString() });
    const after = await args.load({ db: trx, organizationId, id });
    if (!after) throw notFound(args.recordType, id);
    await appendAudit({
      trx,
      organizationId,
      actor: args.actor,
      recordType: args.recordType,
      recordId: id,
      before,
      after,
      at,
    });
    return after;
  });
}

/** Drops keys whose value is undefined: absent keys leave a column unchanged on update. */
export function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Escapes LIKE wildcards so `query` is a plain substring match. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
