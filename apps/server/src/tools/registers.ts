import type { Page } from '@comply/storage';
import { type ToolContext, ToolError } from './handler.js';

/** The paging keys every list tool's validated args carry (defaults applied by the schema). */
interface ListArgs {
  organization_id?: string;
  page_size: number;
  cursor?: string | undefined;
  order_by: { field: string; direction: 'asc' | 'desc' };
}

/** The organization an organization-scoped call acts in (the tool core always resolves it). */
export function organizationOf(ctx: ToolContext): string {
  if (ctx.organizationId === undefined) {
    throw new ToolError({ code: 'INTERNAL', message: 'The call was not resolved to an organization.' });
  }
  return ctx.organizationId;
}

/** The roles that run an organization: only they accept risks and approve documents or the SoA. */
const RUNNING_ROLES = ['OWNER', 'ADMIN'] as const;

/**
 * The caller's role when it runs the organization (OWNER or ADMIN); FORBIDDEN otherwise, saying
 * what `doing` (e.g. "Accepting a risk") needs and which role the caller has.
 */
export function requireRunningRole(ctx: ToolContext, doing: string): (typeof RUNNING_ROLES)[number] {
  const role = RUNNING_ROLES.find((r) => r === ctx.role);
  if (!role) {
    throw new ToolError({
      code: 'FORBIDDEN',
      message: `${doing} needs the OWNER or ADMIN role; yours in this organization is ${ctx.role}.`,
    });
  }
  return role;
}

/** A list tool's args as repository list params: paging and ordering apart, every other key a filter. */
export function toListParams<A extends ListArgs>({
  ctx,
  args,
}: {
  ctx: ToolContext;
  args: A;
}): {
  organizationId: string;
  filters: Omit<A, keyof ListArgs>;
  orderBy: A['order_by'];
  pageSize: number;
  cursor: string | undefined;
} {
  const { organization_id: _organizationId, page_size, cursor, order_by, ...filters } = args;
  return { organizationId: organizationOf(ctx), filters, orderBy: order_by, pageSize: page_size, cursor };
}

/** A repository page as a list tool's output: `{<plural>: items, next_cursor, total_count, …}`. */
export function toListOutput<K extends string, T>({
  key,
  page,
}: {
  key: K;
  page: Page<T>;
}): Record<K, T[]> & { next_cursor: string | null; total_count: number; total_count_is_lower_bound?: true } {
  const items = { [key]: page.items } as Record<K, T[]>;
  const bound = page.total_count_is_lower_bound ? { total_count_is_lower_bound: true as const } : {};
  return { ...items, next_cursor: page.next_cursor, total_count: page.total_count, ...bound };
}

/** An add tool's args as repository create params: the idempotency key apart, the rest the record's data. */
export function toCreateParams<A extends { organization_id: string; idempotency_key?: string | undefined }>({
  ctx,
  args,
}: {
  ctx: ToolContext;
  args: A;
}) {
  const { organization_id: _organizationId, idempotency_key, ...data } = args;
  return { organizationId: organizationOf(ctx), actor: ctx.actor, data, idempotencyKey: idempotency_key };
}

/** An update tool's args as repository update params: id and concurrency guard apart, the rest the patch. */
export function toUpdateParams<
  A extends { id: string; organization_id?: string | undefined; expected_updated_at?: string | undefined },
>({ ctx, args }: { ctx: ToolContext; args: A }) {
  const { organization_id: _organizationId, id, expected_updated_at, ...patch } = args;
  return {
    organizationId: organizationOf(ctx),
    actor: ctx.actor,
    id,
    patch,
    expectedUpdatedAt: expected_updated_at,
  };
}

/**
 * Loads one record of the call's organization through `get`; a missing record — or one in another
 * organization — is NOT_FOUND on `id`, the same answer either way.
 */
export async function getRecord<T>({
  ctx,
  args,
  kind,
  get,
}: {
  ctx: ToolContext;
  args: { id: string };
  kind: string;
  get: (params: { organizationId: string; id: string }) => Promise<T | null>;
}): Promise<T> {
  const record = await get({ organizationId: organizationOf(ctx), id: args.id });
  if (record === null) {
    throw new ToolError({
      code: 'NOT_FOUND',
      field: 'id',
      message: `No ${kind} with id \`${args.id}\` was found in this organization. Use the list tool to find valid ids.`,
    });
  }
  return record;
}
