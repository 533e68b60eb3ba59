import type { Page } from '@comply/storage';

/** Every item of a paged register list, 100 per page. */
export async function listEvery<T>(
  list: (params: { organizationId: string; pageSize: number; cursor?: string }) => Promise<Page<T>>,
  organizationId: string,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list({ organizationId, pageSize: 100, ...(cursor !== undefined && { cursor }) });
    items.push(...page.items);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return items;
}
