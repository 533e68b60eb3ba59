import {
  type Expression,
  type ExpressionBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { RecordJson } from '../audit/audited-statement.js';
import type { Actor, StorageContext } from '../context.js';
import { toDateString } from '../dates.js';
import type { Database, Db } from '../db/types.js';
import type { IdKind } from '../ids.js';
import type { ListParams, Page } from '../paging/list.js';
import type { OrderSpec } from '../paging/order.js';
import { listPage } from '../paging/query.js';
import {
  createRecord,
  type Loader,
  type LoneStatement,
  type LoneUpdate,
  type RegisterTable,
  updateRecord,
} from './kit.js';

/** A register's select of wire columns, computed fields evaluated at `today`. */
type Select<TB extends RegisterTable, Row> = (args: {
  db: Db;
  today: string;
}) => SelectQueryBuilder<Database, TB, Row>;

/** What a register's insert receives: the new record's id and the creation time. */
export interface InsertStep<Create> {
  trx: Transaction<Database>;
  organizationId: string;
  id: string;
  now: string;
  data: Create;
  /** Who writes (the audit entry's actor), for records that name their author. */
  actor?: Actor;
}

/** What a register's update receives: the locked record as it was and the patch to apply. */
export interface UpdateStep<T, Patch> {
  trx: Transaction<Database>;
  organizationId: string;
  id: string;
  before: T;
  now: string;
  patch: Patch;
  /** Who writes (the audit entry's actor). */
  actor?: Actor;
}

/** What a register states about itself; registerRepository supplies the rest. */
export interface RegisterSpec<
  TB extends RegisterTable,
  Row,
  T,
  Create,
  Patch,
  Filters,
  Field extends string,
  ListRow,
  Item,
> {
  ctx: StorageContext;
  /** The register's table, also its name in idempotency keys and cursors. */
  register: TB;
  recordType: string;
  idKind: IdKind;
  select: Select<TB, Row>;
  toRecord: (row: Row) => T;
  /** What list selects and returns when it is lighter than the record; by default the record. */
  listed?: { select: Select<TB, ListRow>; toItem: (row: ListRow) => Item };
  where: (args: {
    organizationId: string;
    filters: Filters;
    today: string;
  }) => (eb: ExpressionBuilder<Database, TB>) => Expression<SqlBool>;
  order: OrderSpec<Field>;
  /** A cheaper exact total_count for these filters, or null for a COUNT. */
  count?: (args: { organizationId: string; filters: Filters }) => Promise<number | null>;
  /** Checks links, inserts the row and writes its links. */
  insert: (step: InsertStep<Create>) => Promise<void>;
  /** Checks links, sets the patched columns (see setColumns) and replaces or appends links. */
  update: (step: UpdateStep<T, Patch>) => Promise<void>;
  /**
   * Optional, for writes in one round trip: the wire record as SQL over a row `w` of `select`'s
   * columns, and the create or update as one INSERT/UPDATE … RETURNING those columns when it
   * needs nothing else (no links to check or write), else undefined. The audit entry is then
   * written in the same statement (see audit/audited-statement.ts).
   */
  recordJson?: RecordJson;
  loneInsert?: (step: Omit<InsertStep<Create>, 'trx'>) => LoneStatement;
  loneUpdate?: (step: Omit<UpdateStep<T, Patch>, 'trx' | 'before'>) => LoneUpdate | undefined;
}

/** Whether a list's filters carry a text search (`query`), which listPage probes for first. */
function searched(filters: object): boolean {
  const query = (filters as { query?: unknown }).query;
  return typeof query === 'string' && query.length > 0;
}

/** The public API every register repository shares. */
export interface RegisterRepository<T, Create, Patch, Filters, Field extends string, Item = T> {
  get: (args: { organizationId: string; id: string }) => Promise<T | null>;
  create: (args: {
    organizationId: string;
    actor: Actor;
    data: Create;
    idempotencyKey?: string;
  }) => Promise<T>;
  update: (args: {
    organizationId: string;
    actor: Actor;
    id: string;
    patch: Patch;
    expectedUpdatedAt?: string;
  }) => Promise<T>;
  list: (params: ListParams<Filters, Field>) => Promise<Page<Item>>;
}

/**
 * A register repository: get by organization and id, audited idempotent create, audited update
 * with expected_updated_at, keyset-paginated list — each through the register's own spec.
 */
export function registerRepository<
  TB extends RegisterTable,
  Row extends { id: string },
  T extends { id: string; updated_at: string },
  Create,
  Patch,
  Filters extends object,
  Field extends string,
  ListRow extends { id: string } = Row,
  Item = T,
>(
  spec: RegisterSpec<TB, Row, T, Create, Patch, Filters, Field, ListRow, Item>,
): RegisterRepository<T, Create, Patch, Filters, Field, Item> {
  const { ctx, register, recordType, idKind } = spec;
  const today = () => toDateString(ctx.clock());
  const selectOne = ({ db, organizationId, id }: { db: Db; organizationId: string; id: string }) =>
    spec
      .select({ db, today: today() })
      .where(sql<SqlBool>`${sql.ref(`${register}.organization_id`)} = ${organizationId}`)
      .where(sql<SqlBool>`${sql.ref(`${register}.id`)} = ${id}`);
  const load: Loader<T> = async (args) => {
    const row = await selectOne(args).executeTakeFirst();
    return row ? spec.toRecord(row as Row) : null;
  };
  // Without `listed`, ListRow and Item are Row and T (their defaults).
  const returned = spec.recordJson && {
    recordJson: spec.recordJson,
    toRecord: spec.toRecord,
    selectOne: (args: { organizationId: string; id: string }) => selectOne({ db: ctx.db, ...args }),
  };
  const listed =
    spec.listed ??
    ({ select: spec.select, toItem: spec.toRecord } as unknown as NonNullable<typeof spec.listed>);

  return {
    get: (args) => load({ db: ctx.db, ...args }),

    create: ({ organizationId, actor, data, idempotencyKey }) =>
      createRecord({
        ctx,
        organizationId,
        actor,
        register,
        recordType,
        idKind,
        idempotencyKey,
        load,
        returned,
        insert: ({ trx, id, now }) => spec.insert({ trx, organizationId, id, now, data, actor }),
        loneInsert:
          spec.loneInsert && (({ id, now }) => spec.loneInsert?.({ organizationId, id, now, data })),
      }),

    update: ({ organizationId, actor, id, patch, expectedUpdatedAt }) =>
      updateRecord({
        ctx,
        organizationId,
        actor,
        table: register,
        recordType,
        id,
        expectedUpdatedAt,
        load,
        returned,
        apply: ({ trx, before, now }) => spec.update({ trx, organizationId, id, before, now, patch, actor }),
        loneUpdate: spec.loneUpdate && (({ now }) => spec.loneUpdate?.({ organizationId, id, now, patch })),
      }),

    list: async (params) => {
      const day = today();
      const { organizationId } = params;
      const filters = params.filters ?? ({} as Filters);
      const { count } = spec;
      const page = await listPage({
        ctx,
        register,
        spec: spec.order,
        params,
        select: (db = ctx.db) => listed.select({ db, today: day }),
        where: spec.where({ organizationId, filters, today: day }),
        count: count && (() => count({ organizationId, filters })),
        probe: searched(filters)
          ? spec.where({ organizationId, filters: { ...filters, query: undefined }, today: day })
          : undefined,
      });
      return { ...page, items: page.items.map(listed.toItem) };
    },
  };
}
