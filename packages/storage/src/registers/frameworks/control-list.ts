import { type RawBuilder, type SqlBool, sql } from 'kysely';
import type { StorageContext } from '../../context.js';
import { toDateString } from '../../dates.js';
import type { Db } from '../../db/types.js';
import { StorageError } from '../../errors.js';
import { type Page, paginate } from '../../paging/list.js';
import type { OrderSpec } from '../../paging/order.js';
import { readinessRows } from '../../reports/readiness-rows.js';
import { likePattern } from '../kit.js';
import { isRecordOf } from '../refs.js';
import { coveredSql, viaMappingJson } from './coverage.js';
import type { ControlFilters, ControlViaMapping, FrameworkControl, StoredControl } from './types.js';

/** listControls returns at most this many characters of a statement. */
export const STATEMENT_LIMIT = 500;

const CONTROL_ORDER: OrderSpec<'position'> = {
  keys: { position: { expr: sql.ref('c.position'), nullable: false } },
  defaultOrder: { field: 'position', direction: 'asc' },
  idColumn: 'c.id',
};

export interface ControlScope {
  organizationId: string;
  frameworkId: string;
}

/** The NOT_FOUND error of a framework that is not the organization's. */
export function frameworkNotFound(frameworkId: string): StorageError {
  return new StorageError({
    code: 'NOT_FOUND',
    field: 'framework_id',
    message: `No framework with id ${frameworkId} in this organization.`,
  });
}

/** NOT_FOUND on `framework_id` unless the framework is the organization's. */
export async function assertFramework(args: ControlScope & { db: Db }): Promise<void> {
  const { db, organizationId, frameworkId } = args;
  if (!(await isRecordOf({ db, table: 'frameworks', organizationId, id: frameworkId }))) {
    throw frameworkNotFound(frameworkId);
  }
}

function controlWhere(args: ControlScope & { filters: ControlFilters }): RawBuilder<SqlBool> {
  const f = args.filters;
  const terms: RawBuilder<SqlBool>[] = [
    sql`c.organization_id = ${args.organizationId}`,
    sql`c.framework_id = ${args.frameworkId}`,
  ];
  if (f.family !== undefined)
    terms.push(sql`(lower(c.family) = lower(${f.family}) or c.family_id = ${f.family})`);
  if (f.baseline !== undefined) terms.push(sql`${f.baseline.toUpperCase()} = any(c.baselines)`);
  if (f.covered !== undefined) terms.push(f.covered ? coveredSql('c') : sql`not ${coveredSql('c')}`);
  if (f.query !== undefined) {
    const pattern = likePattern(f.query);
    terms.push(sql`(c.code ilike ${pattern} or c.title ilike ${pattern}
      or coalesce(c.statement, c.description) ilike ${pattern})`);
  }
  return sql<SqlBool>`(${sql.join(terms, sql` and `)})`;
}

function selectControls(db: Db) {
  return db.selectFrom('framework_controls as c').select([
    'c.id',
    'c.code',
    'c.title',
    'c.family',
    'c.position',
    'c.parent_code',
    'c.baselines',
    sql<string | null>`left(coalesce(c.statement, c.description), ${STATEMENT_LIMIT})`.as('statement'),
    sql<boolean>`coalesce(char_length(coalesce(c.statement, c.description)) > ${STATEMENT_LIMIT}, false)`.as(
      'statement_truncated',
    ),
    coveredSql('c').as('covered'),
    viaMappingJson('c').as('covered_via_mapping'),
    // Archived measures are left out, as they are of readiness.
    sql<string[]>`array(select mc.measure_id from measure_controls mc
        join measures m on m.id = mc.measure_id and m.archived_at is null
        where mc.organization_id = c.organization_id and mc.framework_id = c.framework_id
          and mc.control_code = c.code order by mc.measure_id)`.as('measure_ids'),
  ]);
}

/** Paged and whole reads of one framework's controls. */
export function controlReader(ctx: StorageContext) {
  return {
    /**
     * One page of a framework's controls in document order, filtered by family (title or id),
     * baseline, direct coverage and a query over code, title and statement.
     */
    listControls: async (
      args: ControlScope & { filters: ControlFilters; pageSize?: number; cursor?: string | undefined },
    ): Promise<Page<FrameworkControl>> => {
      await assertFramework({ db: ctx.db, ...args });
      const where = controlWhere(args);
      const page = await paginate({
        secret: ctx.cursorSecret,
        register: 'framework_controls',
        spec: CONTROL_ORDER,
        params: {
          organizationId: args.organizationId,
          filters: { ...args.filters, framework_id: args.frameworkId },
          pageSize: args.pageSize,
          cursor: args.cursor,
        },
        fetch: ({ after, orderBy, sortValue, limit }) => {
          let query = selectControls(ctx.db).where(where).select(sortValue.as('sort_value'));
          if (after) query = query.where(after);
          for (const term of orderBy) query = query.orderBy(term);
          return query.limit(limit).execute();
        },
        count: async () => {
          const row = await ctx.db
            .selectFrom('framework_controls as c')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where(where)
            .executeTakeFirstOrThrow();
          return Number(row.count);
        },
      });
      // Each control's readiness from the one definition (reports/control-readiness.ts), for this
      // page's codes only.
      const { controls: states } = await readinessRows({
        db: ctx.db,
        organizationId: args.organizationId,
        frameworkId: args.frameworkId,
        today: toDateString(ctx.clock()),
        codes: page.items.map((row) => row.code),
      });
      const byCode = new Map(states.map((c) => [c.code, c]));
      return {
        ...page,
        items: page.items.map(({ id: _id, sort_value: _sort, ...row }) => {
          const state = byCode.get(row.code);
          return {
            ...row,
            covered_via_mapping: row.covered_via_mapping as ControlViaMapping[],
            readiness: state?.state ?? 'GAP',
            gap_reasons: state?.gap_reasons ?? ['NO_MEASURE'],
            exclusions: state?.exclusions ?? [],
          };
        }),
      };
    },

    /** Every control of a framework with every stored field, in document order (for exports). */
    allControls: async (args: ControlScope): Promise<StoredControl[]> => {
      await assertFramework({ db: ctx.db, ...args });
      const rows = await ctx.db
        .selectFrom('framework_controls')
        .select([
          'code',
          'oscal_id',
          'title',
          'description',
          'family',
          'family_id',
          'parent_code',
          'statement',
          'guidance',
          'parameters',
          'baselines',
          'position',
        ])
        .where('organization_id', '=', args.organizationId)
        .where('framework_id', '=', args.frameworkId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows as StoredControl[];
    },
  };
}
