import type { RegisterTable } from '@comply/schemas/registers';
import {
  type Expression,
  type OperationNodeSource,
  type RawBuilder,
  type SqlBool,
  sql,
  type Transaction,
  type UpdateObject,
} from 'kysely';
import { appendAudit } from '../audit/append.js';
import { auditedStatement, type RecordJson } from '../audit/audited-statement.js';
import { type Actor, inTransaction, type StorageContext } from '../context.js';
import { toIsoTimestamp } from '../dates.js';
import type { Database } from '../db/types.js';
import { invalidInput, notFound, StorageError } from '../errors.js';
import { type IdKind, newId } from '../ids.js';

/** The tables of the registers (each with id, organization_id, created_at, updated_at), from the catalog. */
export type { RegisterTable };

type Selecting = (args: never) => { executeTakeFirstOrThrow(): Promise<unknown> };

/** The row a register's select function returns. */
export type SelectedRow<S extends Selecting> = Awaited<ReturnType<ReturnType<S>['executeTakeFirstOrThrow']>>;

/** Loads one wire record of an organization, or null. */
export type Loader<T> = (args: {
  db: Transaction<Database> | StorageContext['db'];
  organizationId: string;
  id: string;
}) => Promise<T | null>;

/** What every audited write of a register record is given. */
interface RecordWrite<T> {
  ctx: StorageContext;
  organizationId: string;
  actor: Actor;
  recordType: string;
  load: Loader<T>;
  /**
   * The register's wire record as SQL over a row, `toRecord` to map a returned row in Node and
   * `selectOne` (the select of one record, not run). With them, a write that is one statement
   * writes its audit entry in the same statement.
   */
  returned?: {
    recordJson: RecordJson;
    toRecord: (row: never) => T;
    selectOne: (args: { organizationId: string; id: string }) => OperationNodeSource;
  };
}

/** A write that is one statement: the INSERT/UPDATE … RETURNING the register's select columns. */
export type LoneStatement = OperationNodeSource | undefined;

/** An UPDATE … RETURNING the register's select columns, to which a condition can be added. */
export interface LoneUpdate extends OperationNodeSource {
  where(expression: Expression<SqlBool>): OperationNodeSource;
}

/** A lone statement to run with its audit entry. */
interface LoneWrite<T> {
  write: RecordWrite<T>;
  db: StorageContext['db'];
  statement: OperationNodeSource;
  id: string;
  update: boolean;
  at: Date;
  /** CTEs the statement refers to, placed first in its WITH list. */
  prelude?: RawBuilder<unknown>;
}

/**
 * Runs a lone statement with its audit entry (one round trip) and maps the returned row. An
 * update (`update`) reads the record as it was in the same statement.
 */
async function auditedWrite<T extends { id: string }>(
  args: LoneWrite<T> & { missing: () => Error },
): Promise<T> {
  const row = await auditedRow(args);
  if (row === undefined) throw args.missing();
  return args.write.returned!.toRecord(row);
}

/** auditedWrite's row, or undefined when the statement wrote none. */
async function auditedRow<T extends { id: string }>(args: LoneWrite<T>): Promise<never | undefined> {
  const { write } = args;
  const returned = write.returned!;
  const before = args.update
    ? returned.selectOne({ organizationId: write.organizationId, id: args.id })
    : undefined;
  return auditedStatement<never>({
    db: args.db,
    prelude: args.prelude,
    statement: args.statement,
    before,
    recordJson: returned.recordJson,
    organizationId: write.organizationId,
    actor: write.actor,
    recordType: write.recordType,
    recordId: args.id,
    at: args.at,
  });
}

/** Loads the record as written and appends the audit entry from `before` to it. */
async function auditWrite<T extends { id: string }>(args: {
  write: RecordWrite<T>;
  trx: Transaction<Database>;
  id: string;
  before: T | null;
  at: Date;
  missing: () => Error;
}): Promise<T> {
  const { write, trx, id } = args;
  const after = await write.load({ db: trx, organizationId: write.organizationId, id });
  if (!after) throw args.missing();
  await appendAudit({
    trx,
    organizationId: write.organizationId,
    actor: write.actor,
    recordType: write.recordType,
    recordId: id,
    before: args.before,
    after,
    at: args.at,
  });
  return after;
}

/**
 * Claims an idempotency key for `recordId` in the write's transaction: undefined when the key is
 * new, else the record id the first call with that key stored.
 */
export async function claimIdempotencyKey(args: {
  trx: Transaction<Database>;
  organizationId: string;
  register: string;
  key: string;
  recordId: string;
  at: Date;
}): Promise<string | undefined> {
  const claimed = await args.trx
    .insertInto('idempotency_keys')
    .values({
      organization_id: args.organizationId,
      register: args.register,
      key: args.key,
      record_id: args.recordId,
      created_at: args.at.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('record_id')
    .executeTakeFirst();
  if (claimed) return undefined;
  const previous = await args.trx
    .selectFrom('idempotency_keys')
    .select('record_id')
    .where('organization_id', '=', args.organizationId)
    .where('register', '=', args.register)
    .where('key', '=', args.key)
    .executeTakeFirstOrThrow();
  return previous.record_id;
}

/**
 * Creates a register record: idempotency key, insert, audit entry — one transaction.
 * A retry with the same idempotency key returns the record the first call created.
 */
export async function createRecord<T extends { id: string }>(
  args: RecordWrite<T> & {
    register: string;
    idKind: IdKind;
    idempotencyKey?: string | undefined;
    insert: (args: { trx: Transaction<Database>; id: string; now: string }) => Promise<void>;
    /** The create as one statement when it needs nothing else (no links), else undefined. */
    loneInsert?: (args: { id: string; now: string }) => LoneStatement;
  },
): Promise<T> {
  const { ctx, organizationId } = args;
  const at = ctx.clock();
  const id = newId(args.idKind, at.getTime());
  const lone = args.returned && args.loneInsert?.({ id, now: at.toISOString() });
  const missing = () => new Error(`${args.recordType} ${id} vanished after insert`);
  if (lone && !args.idempotencyKey) {
    // One statement is atomic by itself: no BEGIN/COMMIT round trips around it.
    return auditedWrite({ write: args, db: ctx.db, statement: lone, id, update: false, at, missing });
  }
  return inTransaction(ctx.db, async (trx) => {
    if (args.idempotencyKey) {
      const previous = await claimIdempotencyKey({
        trx,
        organizationId,
        register: args.register,
        key: args.idempotencyKey,
        recordId: id,
        at,
      });
      if (previous) {
        const record = await args.load({ db: trx, organizationId, id: previous });
        if (record) return record;
      }
    }
    if (lone) return auditedWrite({ write: args, db: trx, statement: lone, id, update: false, at, missing });
    await args.insert({ trx, id, now: at.toISOString() });
    return auditWrite({ write: args, trx, id, before: null, at, missing });
  });
}

/** Refuses an unparsable `expected_updated_at`, or one other than the record's `updatedAt`. */
export function checkExpected(args: {
  expected: string | undefined;
  updatedAt: string;
  recordType: string;
}): void {
  const expected = args.expected === undefined ? undefined : new Date(args.expected);
  if (expected && Number.isNaN(expected.getTime())) {
    throw invalidInput('expected_updated_at', '`expected_updated_at` must be an ISO 8601 date-time.');
  }
  if (expected && args.updatedAt !== expected.toISOString()) {
    throw new StorageError({
      code: 'CONFLICT',
      field: 'expected_updated_at',
      message: `The ${args.recordType} was changed at ${args.updatedAt} by someone else; fetch it again and retry.`,
    });
  }
}

/**
 * A lone update as ONE statement, without BEGIN/COMMIT: it locks the row and writes (record and
 * audit entry) only if the version it locked is the version its own snapshot reads — the same
 * `xmin`, so no other transaction changed the row in between — and, when given, carries
 * `expectedUpdatedAt`. Then the before record that the statement reads from its snapshot is the
 * latest committed one, exactly as after a separate lock. Otherwise (another writer got there
 * first, a stale `expectedUpdatedAt`, no such record) it writes nothing and resolves undefined.
 */
function optimisticUpdate<T extends { id: string; updated_at: string }>(args: {
  write: RecordWrite<T> & { table: RegisterTable; id: string; expectedUpdatedAt?: string | undefined };
  statement: LoneUpdate;
  at: Date;
}): Promise<never | undefined> {
  const { table, organizationId, id } = args.write;
  const expected =
    args.write.expectedUpdatedAt === undefined ? undefined : new Date(args.write.expectedUpdatedAt);
  if (expected && Number.isNaN(expected.getTime())) return Promise.resolve(undefined);
  const row = sql`from ${sql.table(table)} where organization_id = ${organizationId} and id = ${id}`;
  const prelude = sql`locked as (select xmin as version, updated_at ${row} for update),
    seen as (select xmin as version ${row}),
    fresh as (select 1 from locked join seen on locked.version = seen.version
      ${expected ? sql`where locked.updated_at = ${expected.toISOString()}::timestamptz` : sql``})`;
  return auditedRow({
    write: args.write,
    db: args.write.ctx.db,
    statement: args.statement.where(sql<SqlBool>`exists (select 1 from fresh)`),
    id,
    update: true,
    at: args.at,
    prelude,
  });
}

/**
 * Updates a register record: row lock, optional optimistic check, apply, audit entry with the
 * before and after wire records — one transaction. An update that is one statement (loneUpdate)
 * is first tried as one guarded statement (optimisticUpdate); when that writes nothing it runs
 * as: lock, then the UPDATE with its audit entry, which reads the before record itself.
 */
export async function updateRecord<T extends { id: string; updated_at: string }>(
  args: RecordWrite<T> & {
    table: RegisterTable;
    id: string;
    expectedUpdatedAt?: string | undefined;
    apply: (args: { trx: Transaction<Database>; before: T; now: string }) => Promise<void>;
    /** The update as one statement when it changes no links, else undefined. */
    loneUpdate?: (args: { now: string }) => LoneUpdate | undefined;
  },
): Promise<T> {
  const { ctx, organizationId, id, recordType } = args;
  const missing = () => notFound(recordType, id);
  if (args.returned) {
    const at = ctx.clock();
    const statement = args.loneUpdate?.({ now: at.toISOString() });
    if (statement) {
      const row = await optimisticUpdate({ write: args, statement, at });
      if (row !== undefined) return args.returned.toRecord(row);
    }
  }
  return inTransaction(ctx.db, async (trx) => {
    // After waiting for this lock, the row read is the latest committed version.
    const locked = await sql<{ updated_at: Date | string }>`select updated_at from ${sql.table(args.table)}
      where organization_id = ${organizationId} and id = ${id} for update`.execute(trx);
    const row = locked.rows[0];
    if (!row) throw missing();
    const at = ctx.clock();
    const now = at.toISOString();
    const lone = args.returned && args.loneUpdate?.({ now });
    if (lone) {
      checkExpected({
        expected: args.expectedUpdatedAt,
        updatedAt: toIsoTimestamp(row.updated_at),
        recordType,
      });
      return auditedWrite({ write: args, db: trx, statement: lone, id, update: true, at, missing });
    }
    const before = await args.load({ db: trx, organizationId, id });
    if (!before) throw missing();
    checkExpected({ expected: args.expectedUpdatedAt, updatedAt: before.updated_at, recordType });
    await args.apply({ trx, before, now });
    return auditWrite({ write: args, trx, id, before, at, missing });
  });
}

/** The columns an update may set on `TB`; undefined ones are left unchanged. */
export type PatchColumns<TB extends RegisterTable> = {
  [K in keyof UpdateObject<Database, TB>]?: UpdateObject<Database, TB>[K] | undefined;
};

/** Sets the defined `columns` of one record and its updated_at. */
export async function setColumns<TB extends RegisterTable>(args: {
  trx: Transaction<Database>;
  table: TB;
  organizationId: string;
  id: string;
  columns: PatchColumns<TB>;
  now: string;
}): Promise<void> {
  await args.trx
    .updateTable(args.table as RegisterTable)
    .set({ ...definedOnly(args.columns), updated_at: args.now })
    .where('organization_id', '=', args.organizationId)
    .where('id', '=', args.id)
    .execute();
}

/** Drops keys whose value is undefined: absent keys leave a column unchanged on update. */
export function definedOnly<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Escapes LIKE wildcards so `query` is a plain substring match. */
export function likePattern(query: string): string {
  return `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Archives (`archived`) or restores one record of a register with `archived_at`: row lock, the
 * column and updated_at set, audit entry with the record before and after — one transaction. A
 * record already in the state asked for is returned as it is, with no write and no audit entry.
 */
export async function setArchived<T extends { id: string; updated_at: string; archived_at?: string | null }>(
  args: RecordWrite<T> & { table: RegisterTable; id: string; archived: boolean },
): Promise<T> {
  const { ctx, organizationId, id, recordType, table } = args;
  const missing = () => notFound(recordType, id);
  return inTransaction(ctx.db, async (trx) => {
    const locked = await sql`select 1 from ${sql.table(table)}
      where organization_id = ${organizationId} and id = ${id} for update`.execute(trx);
    if (locked.rows.length === 0) throw missing();
    const before = await args.load({ db: trx, organizationId, id });
    if (!before) throw missing();
    if ((before.archived_at != null) === args.archived) return before;
    const at = ctx.clock();
    const now = at.toISOString();
    await sql`update ${sql.table(table)} set archived_at = ${args.archived ? now : null}, updated_at = ${now}
      where organization_id = ${organizationId} and id = ${id}`.execute(trx);
    return auditWrite({ write: args, trx, id, before, at, missing });
  });
}
