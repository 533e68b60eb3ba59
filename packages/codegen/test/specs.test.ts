import { describe, expect, it } from 'vitest';
import { readModel } from '../src/generate.js';
import { formatDiagnostics } from '../src/validate/diagnostic.js';
import { repoRoot } from './helpers/sandbox.js';

/** The 37 tools the service promises, written out so a spec added or lost by accident fails here. */
const productTools = [
  'listOrganizations',
  'getOrganization',
  'listRisks',
  'getRisk',
  'addRisk',
  'updateRisk',
  'listVendors',
  'getVendor',
  'addVendor',
  'updateVendor',
  'listMeasures',
  'getMeasure',
  'addMeasure',
  'updateMeasure',
  'listObligations',
  'getObligation',
  'addObligation',
  'updateObligation',
  'listNonconformities',
  'getNonconformity',
  'addNonconformity',
  'updateNonconformity',
  'listAudits',
  'getAudit',
  'addAudit',
  'updateAudit',
  'listFrameworks',
  'getFramework',
  'listFrameworkControls',
  'addFramework',
  'updateFramework',
  'getComplianceReport',
  'getAuditReadiness',
  'listAssets',
  'getAsset',
  'addAsset',
  'updateAsset',
];

describe('the real specs', () => {
  const { model, diagnostics } = readModel(repoRoot);

  it('validate without a single problem', () => {
    expect(formatDiagnostics(diagnostics)).toBe('');
  });

  it('declare exactly the 37 tools', () => {
    expect(productTools).toHaveLength(37);
    expect(model?.tools.map((t) => t.name)).toEqual([...productTools].sort());
  });

  it('give every tool but listOrganizations an organization_id, required except on get/update', () => {
    for (const tool of model?.tools ?? []) {
      const org = tool.input.find((f) => f.name === 'organization_id');
      if (tool.name === 'listOrganizations') expect(org).toBeUndefined();
      else
        expect(org?.optional, tool.name).toBe(
          tool.kind === 'get' && tool.input.some((f) => f.name === 'id') ? true : tool.kind === 'update',
        );
    }
  });

  it('add idempotency_key to add tools and expected_updated_at to update tools', () => {
    for (const tool of model?.tools ?? []) {
      const names = tool.input.map((f) => f.name);
      expect(names.includes('idempotency_key'), tool.name).toBe(tool.kind === 'add');
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
