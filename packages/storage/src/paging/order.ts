import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import { invalidInput } from '../errors.js';
import type { CursorPosition } from './cursor.js';

/** `asc` or `desc`, as on the wire. */
export type Direction = 'asc' | 'desc';

/** The wire `order_by` input. */
export interface OrderBy<F extends string = string> {
  field: F;
  direction?: Direction;
}

/** How one order_by field sorts: its SQL expression and whether it can be NULL. */
export interface SortKey {
  expr: Expression<unknown>;
  nullable: boolean;
}

/** The orderings a list supports and its default. */
export interface OrderSpec<F extends string = string> {
  keys: Record<F, SortKey>;
  defaultOrder: { field: F; direction: Direction };
  /** The id column the tiebreak uses, e.g. `risks.id`. */
  idColumn: string;
}

/** A validated ordering. */
export interface ResolvedOrder {
  field: string;
  direction: Direction;
  key: SortKey;
  /** Bound into the cursor. */
  signature: string;
}

/** Validates an order_by input against a spec; an unknown field names `order_by.field`. */
export function resolveOrder(args: { spec: OrderSpec; orderBy?: OrderBy | null | undefined }): ResolvedOrder {
  const { spec } = args;
  const field = args.orderBy?.field ?? spec.defaultOrder.field;
  const key = spec.keys[field];
  if (!key) {
    throw invalidInput(
      'order_by.field',
      `\`order_by.field\` must be one of ${Object.keys(spec.keys).join(', ')}.`,
    );
  }
  const direction =
    args.orderBy?.direction ?? (field === spec.defaultOrder.field ? spec.defaultOrder.direction : 'asc');
  if (direction !== 'asc' && direction !== 'desc') {
    throw invalidInput('order_by.direction', '`order_by.direction` must be asc or desc.');
  }
  return { field, direction, key, signature: `${field}:${direction}` };
}

/** ORDER BY terms: the key (NULLs always last) then the id in the same direction. */
export function orderTerms(args: { order: ResolvedOrder; idColumn: string }): RawBuilder<unknown>[] {
  const dir = sql.raw(args.order.direction);
  const nulls = args.order.key.nullable ? sql` nulls last` : sql``;
  return [sql`${args.order.key.expr} ${dir}${nulls}`, sql`${sql.ref(args.idColumn)} ${dir}`];
}

/** The keyset condition for "rows after `position`" under an ordering with NULLs last. */
export function keysetAfter(args: {
  order: ResolvedOrder;
  idColumn: string;
  position: CursorPosition;
}): RawBuilder<SqlBool> {
  const { expr, nullable } = args.order.key;
  const id = sql.ref(args.idColumn);
  const cmp = sql.raw(args.order.direction === 'asc' ? '>' : '<');
  const { value } = args.position;
  if (value === null) return sql<SqlBool>`(${expr} is null and ${id} ${cmp} ${args.position.id})`;
  const after = sql<SqlBool>`((${expr}, ${id}) ${cmp} (${value}, ${args.position.id}))`;
  return nullable ? sql<SqlBool>`(${after} or ${expr} is null)` : after;
}
