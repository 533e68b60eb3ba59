import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../src/emit/openapi/document.js';
import { registerTag } from '../src/emit/openapi/operations.js';
import { toolErrorCodes } from '../src/emit/openapi/responses.js';
import { field, model, objectDef, tool } from '../src/model/factory.js';

const errors = [
  ['INVALID_INPUT', 400],
  ['NOT_FOUND', 404],
  ['CONFLICT', 409],
].map(([code, status]) => ({ code: String(code), status: Number(status), description: `${code}.` }));

describe('the OpenAPI emitter', () => {
  it('tags a tool with its register and reports with Reports', () => {
    expect(registerTag(tool('getRisk'))).toBe('Risks');
    expect(registerTag(tool('listNonconformities', { kind: 'list' }))).toBe('Nonconformities');
    expect(registerTag(tool('updateNonconformity', { kind: 'update' }))).toBe('Nonconformities');
    expect(registerTag(tool('listFrameworkControls', { kind: 'list' }))).toBe('Frameworks');
    expect(registerTag(tool('getComplianceReport', { kind: 'report' }))).toBe('Reports');
  });

  it('documents 404 only where a record is named and 409 only for writes', () => {
    const list = toolErrorCodes(tool('listOrganizations', { kind: 'list' }));
    expect(list).not.toContain('NOT_FOUND');
    expect(list).not.toContain('CONFLICT');
    const get = toolErrorCodes(tool('getRisk', { input: [field('id', { kind: 'string' })] }));
    expect(get).toContain('NOT_FOUND');
    expect(get).not.toContain('CONFLICT');
    const add = toolErrorCodes(tool('addRisk', { kind: 'add', access: 'write', organizationScoped: true }));
    expect(add).toEqual(expect.arrayContaining(['NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'UNAUTHORIZED']));
  });

  it('references shared types from components and keeps field descriptions beside the $ref', () => {
    const risk = objectDef('Risk', [field('id', { kind: 'string' })]);
    const doc = openApiDocument(
      model({
        errors,
        objects: [risk],
        tools: [
          tool('getRisk', {
            input: [field('id', { kind: 'string' })],
            output: { kind: 'ref', name: 'Risk', target: 'object' },
            examples: [{ title: 'One risk', input: { id: 'risk_…' } }],
          }),
          tool('getPair', {
            output: {
              kind: 'object',
              fields: [field('risk', { kind: 'ref', name: 'Risk', target: 'object' })],
            },
          }),
        ],
      }),
    ) as {
      paths: Record<string, { post: Record<string, unknown> }>;
      components: { schemas: Record<string, unknown> };
    };
    const getRisk = doc.paths['/api/mcp/tools/getRisk']!.post;
    expect(getRisk).toMatchObject({
      operationId: 'getRisk',
      requestBody: {
        content: {
          'application/json': {
            schema: { $ref: '#/components/schemas/getRiskInput' },
            examples: { 'one-risk': { summary: 'One risk', value: { id: 'risk_…' } } },
          },
        },
      },
      responses: {
        '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Risk' } } } },
        '404': { $ref: '#/components/responses/NOT_FOUND' },
      },
    });
    expect(Object.keys(getRisk.responses as object)).not.toContain('409');
    expect(doc.components.schemas.getPairOutput).toMatchObject({
      properties: { risk: { $ref: '#/components/schemas/Risk', description: 'The risk.' } },
    });
  });
});
