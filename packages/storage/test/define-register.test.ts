import { registerOrders } from '@comply/schemas/registers';
import { describe, expect, it } from 'vitest';
import { defineRegister } from '../src/registers/define.js';

// The order fields and default order of a register are the spec's; a declaration whose keys stray
// from them fails when its module loads, not on the first list call.
describe('defineRegister reads the spec order', () => {
  const declare = (order: unknown) => () =>
    defineRegister({ register: 'management_reviews', filters: {}, order } as unknown as Parameters<
      typeof defineRegister
    >[0]);
  const keys = {
    review_date: 'column',
    title: 'lower',
    next_review_due: 'nullable',
    created_at: 'column',
    updated_at: 'column',
  };

  it('takes the default order from the spec', () => {
    const { order } = declare({ keys })();
    expect(order.defaultOrder).toEqual(registerOrders.management_reviews.default);
    expect(Object.keys(order.keys)).toEqual(Object.keys(keys));
  });

  it('refuses order keys that are not the spec fields', () => {
    expect(declare({ keys: { title: 'lower' } })).toThrow(/order keys title are not the spec's/);
    expect(declare({ keys: { ...keys, status: 'column' } })).toThrow(/not the spec's/);
  });
});
