import type { ToolOutputs } from '@comply/schemas';
import * as schemas from '@comply/schemas';
import { type RegisterName, registerOrders, registers } from '@comply/schemas/registers';
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import { isoTimestampSql, type RecordJson } from '../audit/audited-statement.js';
import type { Actor, StorageContext } from '../context.js';
import { toDateString, toIsoTimestamp } from '../dates.js';
import { SCHEMA_COLUMNS } from '../db/types.gen.js';
import type { Database, Db } from '../db/types.js';
import type { IdKind } from '../ids.js';
import type { OrderSpec } from '../paging/order.js';
import { likePattern, setArchived, setColumns } from './kit.js';
import { checkRefs } from './refs.js';
import {
  type InsertStep,
  type RegisterRepository,
  registerRepository,
  type UpdateStep,
} from './register-repository.js';
import type { CreateData, ListFilters, OrderField, PatchData } from './spec-types.js';

type Tools<R extends RegisterName> = (typeof registers)[R]['tools'];
type Table<R extends RegisterName> = (typeof registers)[R]['table'];

/** A register's wire record: what its get tool returns. */
export type RecordOf<R extends RegisterName> = ToolOutputs[Tools<R>['get']];
/** One item of a register's list tool: the record, or the lighter `list.item_type`. */
export type ItemOf<R extends RegisterName> = ToolOutputs[Tools<R>['list']] extends {
  [K in R]: (infer I)[];
}
  ? I
  : RecordOf<R>;
/** Its add tool's data, update tool's patch, list tool's filters and order_by fields. */
export type CreateOf<R extends RegisterName> = CreateData<Tools<R>['add']>;
export type PatchOf<R extends RegisterName> = PatchData<Tools<R>['update']>;
export type FiltersOf<R extends RegisterName> = ListFilters<Tools<R>['list']>;
export type OrderFieldOf<R extends RegisterName> = OrderField<Tools<R>['list']>;

/** What a computed column or filter is given: `today` decides date-relative fields. */
export interface At {
  today: string;
}

/** A computed wire field as SQL over the register's table (a subquery, a CASE …). */
export type Computed = (at: At) => RawBuilder<unknown>;

/** One filter of a list tool: the condition for the value given, or undefined to ignore it. */
export type Filter<V> = (value: V, at: FilterContext) => Expression<SqlBool> | undefined;

/** What a filter builds on: a computed field's SQL and a column of the register's table. */
export interface FilterContext extends At {
  computed: (name: string) => RawBuilder<unknown>;
  column: (name: string) => Expression<unknown>;
  /** Every filter of the call, for a filter that reads another one. */
  filters: Record<string, unknown>;
}

/** The order_by fields every register has: its creation and last change. */
export const BY_TIMESTAMPS = { created_at: 'column', updated_at: 'column' } as const;

/** How one order_by field sorts: by its column, lower-cased, or by a column that can be NULL. */
export type Sort = 'column' | 'lower' | 'nullable' | { expr: Expression<unknown>; nullable: boolean };

/** A write the plain path does not cover: checks and links, run in the write's transaction. */
export interface Hooks<R extends RegisterName> {
  /**
   * The row of a create after defaults (`values`), to adjust or check; runs for the one-statement
   * create too.
   */
  values?: (args: {
    data: CreateOf<R>;
    values: Record<string, unknown>;
    now: string;
  }) => Record<string, unknown>;
  /** Checks on the data of a create or the patch of an update, with nothing read (future dates …). */
  check?: (args: { data: Partial<CreateOf<R>> | PatchOf<R>; now: string }) => void;
  /**
   * Runs in the create's transaction before the insert: checks that read (links) and values
   * read from the database (a reference numbered per organization …).
   */
  insertValues?: (step: InsertStep<CreateOf<R>>) => Promise<Record<string, unknown>>;
  /** Runs in the update's transaction before the columns are set: checks that read (links). */
  beforeUpdate?: (step: UpdateStep<RecordOf<R>, PatchOf<R>>) => Promise<void>;
  /** After the row is inserted: links to write. */
  afterInsert?: (step: InsertStep<CreateOf<R>>) => Promise<void>;
  /** The patch's columns once the record as it was is known (invariants); before they are set. */
  patchColumns?: (args: {
    before: RecordOf<R>;
    columns: Record<string, unknown>;
    now: string;
  }) => Record<string, unknown>;
  /** After the columns are set: links to replace. */
  afterUpdate?: (step: UpdateStep<RecordOf<R>, PatchOf<R>>) => Promise<void>;
  /**
   * Whether a create or update needs the transaction path (links, reads, the record as it was)
   * besides naming a ref. Otherwise it is one INSERT/UPDATE … RETURNING statement.
   */
  needsTransaction?: (
    input: Partial<CreateOf<R>> & Partial<PatchOf<R>>,
    write: 'create' | 'update',
  ) => boolean;
}

/** One register, declared once: the rest (select, wire mapping, audit JSON, writes) is derived. */
export interface RegisterDeclaration<R extends RegisterName> extends Hooks<R> {
  register: R;
  /** Wire fields that are not columns of the table, as SQL over its row. */
  computed?: Record<string, Computed>;
  /**
   * The wire fields its list tool returns when the spec's `list.item_type` is lighter than the
   * record (a document's list leaves out its content and versions); by default the record's.
   */
  listFields?: readonly string[];
  /** Every filter of its list tool (`archived` is the archive's own, see ARCHIVED). */
  filters: {
    [K in keyof FiltersOf<R> as K extends 'archived' ? never : K]-?: Filter<NonNullable<FiltersOf<R>[K]>>;
  };
  /**
   * How each order_by field sorts. The fields and the default order are the spec's
   * (`registerOrders`, generated from `specs/registers/<plural>.yaml`): the keys must be its fields.
   */
  order: { keys: Record<OrderFieldOf<R>, Sort> };
  /** Create defaults for columns the data leaves out (other columns default to null). */
  defaults?: Record<string, unknown>;
  /** Single-id fields that name a record of another register of the organization. */
  refs?: Record<string, RegisterName>;
  /** Refuses a combination of filters (each filter alone is checked by the tool's schema). */
  checkFilters?: (filters: FiltersOf<R>) => void;
  /** A cheaper exact total_count, or null for a COUNT. */
  count?: (args: {
    ctx: StorageContext;
    organizationId: string;
    filters: FiltersOf<R>;
  }) => Promise<number | null>;
}

type Columns = Readonly<Record<string, string>>;

/** The wire fields of a register's record, in the order its spec declares them. */
function wireFields(register: RegisterName): string[] {
  const name = registers[register].record;
  const schema = (schemas as unknown as Record<string, { shape?: object }>)[
    `${name[0]!.toLowerCase()}${name.slice(1)}Schema`
  ];
  if (!schema?.shape) throw new Error(`No record schema ${name} for register ${register}.`);
  return Object.keys(schema.shape);
}

/** Builds a register's repository factory from its declaration. */
export function defineRegister<R extends RegisterName>(declaration: RegisterDeclaration<R>) {
  const { register } = declaration;
  const table = registers[register].table as Table<R>;
  const columns = SCHEMA_COLUMNS[table] as Columns;
  const computed = declaration.computed ?? {};
  const fields = wireFields(register);
  const missing = fields.filter((f) => !(f in columns) && !(f in computed));
  if (missing.length > 0)
    throw new Error(`${register}: wire field(s) ${missing.join(', ')} need a computed column.`);
  const stored = fields.filter((f) => f in columns && !(f in computed));
  const writable = stored.filter((f) => !columns[f]!.endsWith('generated') && !KEYS.has(f));
  const timestamps = stored.filter((f) => columns[f] === 'timestamptz');
  const ref = (column: string) => sql.ref(`${table}.${column}`);

  /** The select list: stored columns, then computed ones, all named by their wire field. */
  const selection = (at: At) =>
    fields.map((f) => (f in computed ? computed[f]!(at).as(f) : sql.ref(`${table}.${f}`).as(f)));
  const select = ({ db, today }: { db: Db; today: string }) =>
    db.selectFrom(table as RegisterTableOf).select(selection({ today }));
  const toRecord = (row: Record<string, unknown>) => {
    const record: Record<string, unknown> = {};
    for (const f of fields) record[f] = timestamps.includes(f) ? isoOrNull(row[f]) : row[f];
    return record as RecordOf<R>;
  };
  const listFields = declaration.listFields;
  const listed = listFields && {
    select: ({ db, today }: { db: Db; today: string }) =>
      db
        .selectFrom(table as RegisterTableOf)
        .select(
          listFields.map((f) =>
            f in computed ? computed[f]!({ today }).as(f) : sql.ref(`${table}.${f}`).as(f),
          ),
        ),
    toItem: (row: Record<string, unknown>) => {
      const item: Record<string, unknown> = {};
      for (const f of listFields) item[f] = timestamps.includes(f) ? isoOrNull(row[f]) : row[f];
      return item as ItemOf<R>;
    },
  };
  // The record as jsonb from a row of `selection`: equal to JSON of toRecord(row).
  const recordJson: RecordJson = (alias) =>
    sql`to_jsonb(${sql.table(alias)}) || jsonb_build_object(${sql.join(
      timestamps.map((c) => sql`${sql.lit(c)}, ${isoTimestampSql(alias, c)}`),
    )})`;

  const specOrder = registerOrders[register];
  const keyFields = Object.keys(declaration.order.keys);
  if (keyFields.length !== specOrder.fields.length || !specOrder.fields.every((f) => keyFields.includes(f)))
    throw new Error(
      `${register}: order keys ${keyFields.join(', ')} are not the spec's ${specOrder.fields.join(', ')}.`,
    );
  const order: OrderSpec<OrderFieldOf<R>> = {
    keys: Object.fromEntries(
      Object.entries<Sort>(declaration.order.keys).map(([field, sort]) => [field, sortKey(sort, ref(field))]),
    ) as OrderSpec<OrderFieldOf<R>>['keys'],
    defaultOrder: specOrder.default as OrderSpec<OrderFieldOf<R>>['defaultOrder'],
    idColumn: `${table}.id`,
  };

  const refs = Object.entries(declaration.refs ?? {});
  const checkRefsOf = async (trx: Db, organizationId: string, input: Record<string, unknown>) => {
    for (const [field, target] of refs) {
      const id = input[field];
      if (typeof id === 'string') {
        await checkRefs({ trx, table: registers[target].table, organizationId, ids: [id], field } as never);
      }
    }
  };
  const hasRefs = (input: object) =>
    refs.some(([field]) => typeof (input as Record<string, unknown>)[field] === 'string');
  const needsTransaction = (input: object, write: 'create' | 'update') =>
    hasRefs(input) || (declaration.needsTransaction?.(input as never, write) ?? false);

  const values = ({ organizationId, id, now, data }: Omit<InsertStep<CreateOf<R>>, 'trx'>) => {
    declaration.check?.({ data, now });
    const given = data as Record<string, unknown>;
    const row: Record<string, unknown> = {
      id,
      organization_id: organizationId,
      created_at: now,
      updated_at: now,
    };
    for (const f of writable) row[f] = given[f] ?? declaration.defaults?.[f] ?? null;
    return declaration.values ? declaration.values({ data, values: row, now }) : row;
  };
  const patchColumns = (patch: PatchOf<R>, now: string, before?: RecordOf<R>) => {
    const given = patch as Record<string, unknown>;
    const set = Object.fromEntries(writable.filter((f) => given[f] !== undefined).map((f) => [f, given[f]]));
    return before && declaration.patchColumns ? declaration.patchColumns({ before, columns: set, now }) : set;
  };

  // The list's WHERE clause, also for code that builds its own query over the register.
  const archivable = (registers[register] as { archive: boolean }).archive;
  const where = (args: { organizationId: string; filters: FiltersOf<R>; today: string }) =>
    whereOf({ table, ...args, declaration, archivable });
  const factory = (ctx: StorageContext) => {
    const db = ctx.db as unknown as Db;
    const spec = {
      ctx,
      register: table,
      recordType: registers[register].singular,
      idKind: registers[register].singular as IdKind,
      select,
      toRecord,
      listed,
      recordJson,
      where,
      order,
      count:
        declaration.count &&
        ((args: { organizationId: string; filters: FiltersOf<R> }) => declaration.count!({ ctx, ...args })),
      insert: async (step: InsertStep<CreateOf<R>>) => {
        const row = values(step);
        await checkRefsOf(step.trx, step.organizationId, step.data as Record<string, unknown>);
        if (declaration.insertValues) Object.assign(row, await declaration.insertValues(step));
        await step.trx
          .insertInto(table as RegisterTableOf)
          .values(row as never)
          .execute();
        await declaration.afterInsert?.(step);
      },
      update: async (step: UpdateStep<RecordOf<R>, PatchOf<R>>) => {
        const { trx, organizationId, id, now, patch, before } = step;
        declaration.check?.({ data: patch, now });
        await checkRefsOf(trx, organizationId, patch as Record<string, unknown>);
        await declaration.beforeUpdate?.(step);
        const set = patchColumns(patch, now, before);
        await setColumns({ trx, table, organizationId, id, columns: set as never, now });
        await declaration.afterUpdate?.(step);
      },
      // Without refs or links to check, the INSERT/UPDATE returning the record is the whole write.
      loneInsert: (step: Omit<InsertStep<CreateOf<R>>, 'trx'>) =>
        needsTransaction(step.data, 'create')
          ? undefined
          : db
              .insertInto(table as RegisterTableOf)
              .values(values(step) as never)
              .returning(selection({ today: todayOf(ctx) })),
      loneUpdate: ({
        organizationId,
        id,
        now,
        patch,
      }: Omit<UpdateStep<RecordOf<R>, PatchOf<R>>, 'trx' | 'before'>) => {
        if (needsTransaction(patch, 'update')) return undefined;
        declaration.check?.({ data: patch, now });
        return db
          .updateTable(table as RegisterTableOf)
          .set({ ...patchColumns(patch, now), updated_at: now } as never)
          .where(ref('organization_id'), '=', organizationId)
          .where(ref('id'), '=', id)
          .returning(selection({ today: todayOf(ctx) }));
      },
    };
    const repository = registerRepository(spec as never) as RegisterRepository<
      RecordOf<R>,
      CreateOf<R>,
      PatchOf<R>,
      FiltersOf<R>,
      OrderFieldOf<R>,
      ItemOf<R>
    >;
    const load = (args: { db: Db; organizationId: string; id: string }) =>
      select({ db: args.db, today: todayOf(ctx) })
        .where(ref('organization_id'), '=', args.organizationId)
        .where(ref('id'), '=', args.id)
        .executeTakeFirst()
        .then((row) => (row ? toRecord(row as Record<string, unknown>) : null));
    /** Archives (`archived: true`) or restores a record; refused for a register without archive. */
    const archive = (args: { organizationId: string; actor: Actor; id: string; archived: boolean }) => {
      if (!archivable) throw new Error(`${register} records cannot be archived.`);
      return setArchived<RecordOf<R> & { id: string; updated_at: string }>({
        ctx,
        ...args,
        table,
        recordType: registers[register].singular,
        load: load as never,
      });
    };
    return { ...repository, archivable, archive };
  };
  return Object.assign(factory, { order, where });
}

type RegisterTableOf = keyof Database & 'risks';

/** Columns every register table has, which no create or patch sets (archive sets `archived_at`). */
const KEYS = new Set(['id', 'organization_id', 'created_at', 'updated_at', 'archived_at']);

const isoOrNull = (value: unknown) => (value === null ? null : toIsoTimestamp(value as Date | string));

const todayOf = (ctx: StorageContext) => toDateString(ctx.clock());

function sortKey(sort: Sort, column: Expression<unknown>) {
  if (sort === 'column') return { expr: column, nullable: false };
  if (sort === 'nullable') return { expr: column, nullable: true };
  if (sort === 'lower') return { expr: sql`lower(${column})`, nullable: false };
  return sort;
}

/** The WHERE clause of a list: the organization plus every filter given. */
function whereOf<R extends RegisterName>(args: {
  table: string;
  organizationId: string;
  filters: FiltersOf<R>;
  today: string;
  declaration: RegisterDeclaration<R>;
  archivable: boolean;
}) {
  const { table, today, declaration } = args;
  declaration.checkFilters?.(args.filters);
  const computed = (name: string) => declaration.computed![name]!({ today });
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const terms: Expression<SqlBool>[] = [
    sql<SqlBool>`${sql.ref(`${table}.organization_id`)} = ${args.organizationId}`,
  ];
  // Active records unless `archived: true` asks for the archived ones.
  if (args.archivable) terms.push(archivedTerm(table, (args.filters as { archived?: boolean }).archived));
  const filters = declaration.filters as Record<string, Filter<unknown>>;
  for (const [name, value] of Object.entries(args.filters as object)) {
    if (value === undefined || name === 'archived') continue;
    const term = filters[name]?.(value, {
      today,
      computed,
      column,
      filters: args.filters as Record<string, unknown>,
    });
    if (term) terms.push(term);
  }
  return (eb: ExpressionBuilder<Database, never>) => eb.and(terms);
}

/** `archived_at is null` (active records), or `is not null` when `archived` is true. */
export function archivedTerm(table: string, archived?: boolean): Expression<SqlBool> {
  const column = sql.ref(`${table}.archived_at`);
  return archived ? sql<SqlBool>`${column} is not null` : sql<SqlBool>`${column} is null`;
}

// Filter builders; `column` names a column of the register's table.

/** `column in (…)`; an empty list is no filter. */
export const inList =
  (column: string): Filter<readonly unknown[]> =>
  (values, c) =>
    values.length ? sql<SqlBool>`${c.column(column)} in (${sql.join(values)})` : undefined;

/** `column = value`. */
export const equals =
  (column: string): Filter<unknown> =>
  (value, c) =>
    sql<SqlBool>`${c.column(column)} = ${value}`;

/** Case-insensitive `lower(column) = lower(value)`. */
export const lowerEquals =
  (column: string): Filter<string> =>
  (value, c) =>
    sql<SqlBool>`lower(${c.column(column)}) = ${value.toLowerCase()}`;

/** Substring search (ILIKE) over one or more columns; an empty query is no filter. */
export const search =
  (...columns: string[]): Filter<string> =>
  (query, c) => {
    if (!query) return undefined;
    const pattern = likePattern(query);
    return sql<SqlBool>`(${sql.join(
      columns.map((name) => sql`${c.column(name)} ilike ${pattern}`),
      sql` or `,
    )})`;
  };

/** `column op value` for a comparison (`<`, `>`, `<=`, `>=`). */
export const compare =
  (column: string, op: '<' | '>' | '<=' | '>='): Filter<unknown> =>
  (value, c) =>
    sql<SqlBool>`${c.column(column)} ${sql.raw(op)} ${value}`;

/** A boolean computed field: true keeps the records where it holds, false the others. */
export const holds =
  (field: string): Filter<boolean> =>
  (value, { computed }) =>
    value ? sql<SqlBool>`${computed(field)}` : sql<SqlBool>`not ${computed(field)}`;
