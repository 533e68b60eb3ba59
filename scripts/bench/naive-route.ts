// The naive floor of listRisks (scripts/bench/varied.mjs --naive): the straightforward SQL for the
// same first page, to show what storage's query shape is worth. Same filters and ordering as
// storage (the risks register's where and order, imported, not retyped); what differs is the shape:
//   - the links as plain joins with GROUP BY: risks ⟕ risk_measures ⟕ measures ⟕ risk_assets,
//     grouped by the risk, measure_ids / asset_ids as jsonb_agg(distinct …) and the mitigation
//     counts as count(distinct …) over the joined rows; storage instead runs a correlated
//     sub-select per link column for the page's rows only;
//   - a COUNT(*) with the same filters on every page; storage counts only when a first page is full
//     (and a search's count stops at 10,001 matches).
// First pages only (the varied inputs carry no cursor). Sends {rows, total} as JSON.
import { type RegisterName, registers } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import { sql } from 'kysely';
import { risksRepository } from '../../packages/storage/src/registers/risks.js';

const RISK_ORDER = risksRepository.order;

interface ListInput {
  organization_id: string;
  page_size: number;
  order_by: { field: keyof typeof RISK_ORDER.keys; direction: 'asc' | 'desc' };
  [filter: string]: unknown;
}

const PLAIN = [
  'id',
  'organization_id',
  'name',
  'description',
  'category',
  'owner',
  'status',
  'treatment',
  'inherent_likelihood',
  'inherent_impact',
  'inherent_score',
  'residual_likelihood',
  'residual_impact',
  'residual_score',
  'review_date',
  'note',
  'created_at',
  'updated_at',
] as const;

const IMPLEMENTED = sql`count(distinct m.id) filter (where m.state = 'IMPLEMENTED')`;
const NOT_DONE = sql`count(distinct m.id) filter (where m.state not in ('IMPLEMENTED', 'NOT_APPLICABLE'))`;

/** The naive listRisks first page and its count, for one tool input. */
export async function naiveListRisks({ storage, input }: { storage: Storage; input: ListInput }) {
  const { organization_id: organizationId, page_size: pageSize, order_by: orderBy, ...filters } = input;
  const today = new Date().toISOString().slice(0, 10);
  // biome-ignore lint/suspicious/noExplicitAny: the register's WHERE is typed for a query over `risks` alone.
  const where = risksRepository.where({ organizationId, filters, today } as any) as any;
  const order = RISK_ORDER.keys[orderBy.field] ?? RISK_ORDER.keys.residual_score;
  const rows = await storage.db
    .selectFrom('risks')
    .leftJoin('risk_measures as rm', 'rm.risk_id', 'risks.id')
    .leftJoin('measures as m', 'm.id', 'rm.measure_id')
    .leftJoin('risk_assets as ra', 'ra.risk_id', 'risks.id')
    .where(where)
    .select(PLAIN.map((column) => `risks.${column}` as const))
    .select([
      sql`coalesce(jsonb_agg(distinct rm.measure_id) filter (where rm.measure_id is not null), '[]'::jsonb)`.as(
        'measure_ids',
      ),
      sql`coalesce(jsonb_agg(distinct ra.asset_id) filter (where ra.asset_id is not null), '[]'::jsonb)`.as(
        'asset_ids',
      ),
      sql`jsonb_build_object(
        'status', case when count(distinct m.id) = 0 then 'UNMITIGATED' when ${IMPLEMENTED} = 0 then 'PLANNED'
          when ${NOT_DONE} = 0 then 'MITIGATED' else 'PARTIALLY_MITIGATED' end,
        'measures_total', count(distinct m.id),
        'measures_implemented', ${IMPLEMENTED})`.as('mitigation'),
    ])
    .groupBy('risks.id')
    .orderBy(order.expr, sql.raw(orderBy.direction === 'asc' ? 'asc nulls last' : 'desc nulls first'))
    .orderBy('risks.id', orderBy.direction)
    .limit(pageSize + 1)
    .execute();
  const counted = await storage.db
    .selectFrom('risks')
    .where(where)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  return { rows: rows.slice(0, pageSize), total: Number(counted.total) };
}

/** Whether `tool` is the list tool the naive route serves. */
export const naiveServes = (tool: string): boolean => registers['risks' as RegisterName].tools.list === tool;
