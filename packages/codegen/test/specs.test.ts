import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { genericTools } from '../src/emit/schemas/registers.js';
import { readModel } from '../src/generate.js';
import { formatDiagnostics } from '../src/validate/diagnostic.js';
import { repoRoot } from './helpers/sandbox.js';

/**
 * The tools that belong to no register, written out so a spec added or lost by accident fails here;
 * every other tool is listed by its register in specs/registers.yaml.
 */
const toolsOutsideRegisters = [
  'listOrganizations',
  'getOrganization',
  'getComplianceReport',
  'getAuditReadiness',
  'getOperatingEffectiveness',
  'archiveRecord',
  'restoreRecord',
];

describe('the real specs', () => {
  const { model, diagnostics } = readModel(repoRoot);

  it('validate without a single problem', () => {
    expect(formatDiagnostics(diagnostics)).toBe('');
  });

  it('declare exactly the tools of the register catalog and the ones outside it', () => {
    const registered = model?.registers.flatMap((r) => r.toolNames) ?? [];
    expect(model?.registers.length).toBeGreaterThan(0);
    expect(model?.tools.map((t) => t.name)).toEqual([...registered, ...toolsOutsideRegisters].sort());
  });

  it('leave a handler file only for the tools the generic register handler does not serve', () => {
    const generic = new Set(model ? genericTools(model) : []);
    const files = readdirSync(join(repoRoot, 'apps/server/src/tools/handlers'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(generic.size).toBeGreaterThan(0);
    expect(files).toEqual((model?.tools ?? []).map((t) => t.name).filter((n) => !generic.has(n)));
  });

  it('give every register its four plain tools, each a tool of the right kind', () => {
    for (const r of model?.registers ?? []) {
      for (const [kind, name] of Object.entries(r.tools)) {
        expect(model?.tools.find((t) => t.name === name)?.kind, `${r.plural}: ${name}`).toBe(kind);
      }
    }
  });

  it('give every tool but listOrganizations an organization_id, required except on get/update by id', () => {
    for (const tool of model?.tools ?? []) {
      const org = tool.input.find((f) => f.name === 'organization_id');
      const byId = tool.input.some((f) => f.name === 'id');
      if (tool.name === 'listOrganizations') expect(org).toBeUndefined();
      else
        expect(org?.optional, tool.name).toBe(
          (tool.kind === 'get' || tool.kind === 'update' || tool.kind === 'action') && byId,
        );
    }
  });

  it('add idempotency_key to add and non-idempotent action tools and expected_updated_at to update tools', () => {
    for (const tool of model?.tools ?? []) {
      const names = tool.input.map((f) => f.name);
      expect(names.includes('idempotency_key'), tool.name).toBe(
        tool.kind === 'add' || (tool.kind === 'action' && !tool.annotations.idempotentHint),
      );
      expect(names.includes('expected_updated_at'), tool.name).toBe(tool.kind === 'update');
    }
  });

  it('declare the error codes of the data model plus NOT_IMPLEMENTED', () => {
    expect(model?.errors.map((e) => [e.code, e.status])).toEqual([
      ['INVALID_INPUT', 400],
      ['UNAUTHORIZED', 401],
      ['FORBIDDEN', 403],
      ['NOT_FOUND', 404],
      ['CONFLICT', 409],
      ['PAYLOAD_TOO_LARGE', 413],
      ['RATE_LIMITED', 429],
      ['INTERNAL', 500],
      ['NOT_IMPLEMENTED', 501],
      ['UNAVAILABLE', 503],
    ]);
  });
});
