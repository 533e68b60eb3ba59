import type { ToolInputs, ToolName } from '@comply/schemas';

/** Input keys that steer a call rather than describe a record: scope, id, retries, concurrency, paging. */
type CallKeys =
  | 'organization_id'
  | 'id'
  | 'idempotency_key'
  | 'expected_updated_at'
  | 'page_size'
  | 'cursor'
  | 'order_by';

type ToolOfKind<Kind extends string> = Extract<ToolName, `${Kind}${string}`>;

/** An add tool's record data as its spec declares it (defaults not yet applied). */
export type CreateData<T extends ToolOfKind<'add'>> = Omit<ToolInputs[T], CallKeys>;

/** An update tool's patch as its spec declares it: absent keys stay, null clears. */
export type PatchData<T extends ToolOfKind<'update'>> = Omit<ToolInputs[T], CallKeys>;

/** A list tool's filters as its spec declares them. */
export type ListFilters<T extends ToolOfKind<'list'>> = Omit<ToolInputs[T], CallKeys>;

/** A list tool's order_by fields as its spec declares them. */
export type OrderField<T extends ToolOfKind<'list'>> = NonNullable<ToolInputs[T]['order_by']>['field'];
