import { pageSizeLimits, registerNames, registerOrders, registers, tools } from '@comply/schemas';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@comply/storage';
import { describe, expect, it } from 'vitest';

// The paging storage applies is the one the specs declare, read from the generated registry.
describe('register paging from the generated registry', () => {
  it('storage pages with the spec page_size limits and default', () => {
    expect({ default: DEFAULT_PAGE_SIZE, max: MAX_PAGE_SIZE }).toEqual({
      default: pageSizeLimits.default,
      max: pageSizeLimits.max,
    });
  });

  it.each(registerNames)('%s: the registry order is the list tool order_by', (plural) => {
    const list = tools[registers[plural].tools.list];
    const parsed = list.input.parse({ organization_id: 'org_x' }) as { order_by: unknown; page_size: number };
    expect(parsed.order_by).toEqual(registerOrders[plural].default);
    expect(parsed.page_size).toBe(pageSizeLimits.default);
    const orderBy = (
      list.inputJsonSchema.properties as Record<string, { properties: { field: { enum: string[] } } }>
    ).order_by;
    expect(orderBy?.properties.field.enum).toEqual([...registerOrders[plural].fields]);
  });
});
