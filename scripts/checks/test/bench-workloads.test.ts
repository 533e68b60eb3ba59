import { describe, expect, it } from 'vitest';
import { inputKey, seededRandom, uniqueListSource, writeInput } from '../../bench/workloads.mjs';

interface Drawn {
  tool: string;
  input: Record<string, unknown> & { page_size: number };
}
type Source = () => Drawn;

const TOOLS = ['listRisks', 'listVendors', 'listMeasures'];

describe('the varied benchmark inputs (scripts/bench/workloads.mjs)', () => {
  // Far beyond the ~2,100 requests after which the earlier generator repeated itself, and beyond
  // the few thousand after which the vendor and measure filter spaces run out of page sizes.
  const DRAWS = 12_000;

  it.each(TOOLS)('%s: never repeats, within a source or between REST (even) and MCP (odd)', (tool) => {
    const rest: Source = uniqueListSource({ tool, seed: 1, organizationId: 'org_1' });
    const mcp: Source = uniqueListSource({ tool, seed: 101, organizationId: 'org_1', parity: 1 });
    const seen = new Set<string>();
    const problems: string[] = [];
    for (let i = 0; i < DRAWS; i++) {
      for (const source of [rest, mcp]) {
        const drawn = source();
        const key = inputKey(drawn);
        const size = drawn.input.page_size;
        if (seen.has(key)) problems.push(`repeated: ${key}`);
        if (size < 1 || size > 100 || size % 2 !== (source === rest ? 0 : 1))
          problems.push(`page size: ${key}`);
        seen.add(key);
      }
    }
    expect(problems.slice(0, 3)).toEqual([]);
  });

  it('gives the floor and REST the same sequence (same seed and parity)', () => {
    const a: Source = uniqueListSource({ tool: 'listRisks', seed: 3, organizationId: 'org_1' });
    const b: Source = uniqueListSource({ tool: 'listRisks', seed: 3, organizationId: 'org_1' });
    for (let i = 0; i < 2_000; i++) expect(inputKey(b())).toBe(inputKey(a()));
  });

  it('sends updates a plain write may make (never ACCEPTED or ACCEPT, which need an acceptance)', () => {
    const random = seededRandom(2);
    const statuses = new Set<string>();
    for (let index = 1; index < 400; index += 2) {
      const { tool, input } = writeInput({ random, index, organizationId: 'org_1', riskIds: ['risk_1'] });
      expect(tool).toBe('updateRisk');
      expect(input.status).not.toBe('ACCEPTED');
      expect(input.treatment).not.toBe('ACCEPT');
      statuses.add(input.status);
    }
    expect([...statuses].sort()).toEqual(['CLOSED', 'IN_TREATMENT', 'OPEN']);
  });
});
