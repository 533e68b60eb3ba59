import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  errorStatus,
  getRiskOutput,
  listRisksOutput,
  type RegisterName,
  type Risk,
  registers,
  type ToolName,
  toolNames,
  tools,
} from '../src/index.gen.js';

/** A valid input per sampled tool. */
const samples: Partial<Record<ToolName, Record<string, unknown>>> = {
  listRisks: { organization_id: 'org_1', status: ['OPEN'], min_residual_score: 16 },
  addVendor: { organization_id: 'org_1', name: 'Acme Cloud', description: 'Hosting' },
  updateMeasure: { id: 'msr_1', state: 'IMPLEMENTED', add_evidence: [{ title: 'Screenshot' }] },
  addNonconformity: { organization_id: 'org_1', title: 'Missing review', severity: 'MINOR' },
  getComplianceReport: { organization_id: 'org_1' },
};

const risk: Risk = {
  id: 'risk_01JD3W5Q8Z6X4V2T0R9P7N5M3K',
  organization_id: 'org_1',
  name: 'Laptop theft',
  description: null,
  category: 'Information security',
  owner: null,
  status: 'OPEN',
  treatment: 'MITIGATE',
  inherent_likelihood: 4,
  inherent_impact: 5,
  inherent_score: 20,
  residual_likelihood: 4,
  residual_impact: 4,
  residual_score: 16,
  measure_ids: ['msr_1'],
  asset_ids: [],
  mitigation: { status: 'PARTIALLY_MITIGATED', measures_total: 1, measures_implemented: 0 },
  acceptances: [],
  review_date: '2026-12-01',
  note: null,
  created_at: '2026-11-21T22:29:59.123Z',
  updated_at: '2026-11-21T22:29:59.123Z',
  archived_at: null,
};

describe('tool registry', () => {
  it('lists the tool of every spec, each with object JSON Schemas', () => {
    const yamlIn = (dir: string) =>
      readdirSync(new URL(`../../../specs/${dir}/`, import.meta.url))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => f.replace(/\.yaml$/, ''));
    // A register file (specs/registers/<plural>.yaml) declares its four plain tools.
    const plain = yamlIn('registers').flatMap((plural) =>
      Object.values(registers[plural as RegisterName].tools),
    );
    expect([...toolNames].sort()).toEqual([...yamlIn('tools'), ...plain].sort());
    for (const name of toolNames) {
      expect(tools[name].name).toBe(name);
      expect(tools[name].inputJsonSchema.type).toBe('object');
      expect(tools[name].outputJsonSchema.type).toBe('object');
    }
  });

  it('JSON Schema `required` equals the keys zod reports missing for {}', () => {
    for (const name of toolNames) {
      const result = tools[name].input.safeParse({});
      const missing = result.success ? [] : result.error.issues.map((i) => String(i.path[0]));
      const required = (tools[name].inputJsonSchema.required as string[] | undefined) ?? [];
      expect([...new Set(missing)].sort(), name).toEqual([...required].sort());
    }
  });

  it.each(Object.entries(samples))(
    '%s: the sample parses and every JSON Schema enum is enforced by zod',
    (name, sample) => {
      const tool = tools[name as ToolName];
      expect(tool.input.safeParse(sample).success).toBe(true);
      const properties = tool.inputJsonSchema.properties as Record<
        string,
        { enum?: unknown[]; items?: { enum?: unknown[] } }
      >;
      for (const [key, prop] of Object.entries(properties)) {
        const values = prop.enum ?? prop.items?.enum;
        if (!values) continue;
        const first = values.find((v) => v !== null);
        const wrap = (v: unknown) => (prop.items ? [v] : v);
        expect(tool.input.safeParse({ ...sample, [key]: wrap(first) }).success, `${name}.${key}`).toBe(true);
        const bad = tool.input.safeParse({ ...sample, [key]: wrap('NOT_A_VALUE') });
        expect(bad.success, `${name}.${key}`).toBe(false);
        expect(bad.error?.issues[0]?.message).toContain(String(first));
      }
    },
  );

  it('rejects unknown keys and applies defaults', () => {
    expect(tools.listRisks.input.safeParse({ organization_id: 'o', colour: 1 }).success).toBe(false);
    expect(tools.listRisks.input.parse({ organization_id: 'o' })).toMatchObject({
      page_size: 50,
      order_by: { field: 'residual_score', direction: 'desc' },
    });
  });
});

describe('output schemas', () => {
  it('parse a representative risk, alone and in a page', () => {
    expect(getRiskOutput.parse(risk)).toEqual(risk);
    expect(listRisksOutput.parse({ risks: [risk], next_cursor: null, total_count: 1 }).risks).toHaveLength(1);
    expect(getRiskOutput.safeParse({ ...risk, status: 'DONE' }).success).toBe(false);
  });

  it('maps error codes to HTTP statuses', () => {
    expect(errorStatus.NOT_IMPLEMENTED).toBe(501);
    expect(errorStatus.CONFLICT).toBe(409);
  });
});
