import { listRisksOutput } from '@comply/schemas';
import { describe, expect, it } from 'vitest';
import { toListOutput } from '../src/tools/registers.js';

describe('a list tool output', () => {
  const page = { items: [], next_cursor: null, total_count: 10_000 };

  it('says when total_count is a lower bound, and validates against the output schema', () => {
    const output = toListOutput({ key: 'risks', page: { ...page, total_count_is_lower_bound: true } });
    expect(output).toEqual({
      risks: [],
      next_cursor: null,
      total_count: 10_000,
      total_count_is_lower_bound: true,
    });
    expect(listRisksOutput.parse(output)).toEqual(output);
  });

  it('leaves the flag out when the count is exact', () => {
    const output = toListOutput({ key: 'risks', page: { ...page, total_count_is_lower_bound: false } });
    expect(output).toEqual({ risks: [], next_cursor: null, total_count: 10_000 });
  });
});
