import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { errorStatus, toolNames, tools } from '../src/index.gen.js';

type Json = Record<string, unknown>;
const document = JSON.parse(readFileSync(new URL('../src/openapi.gen.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json> };
};

/** Inlines every `#/components/schemas/…` reference, as the MCP JSON Schemas are written. */
function inline(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inline);
  if (value === null || typeof value !== 'object') return value;
  const { $ref, ...rest } = value as Json;
  const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, inline(v)]));
  if (typeof $ref !== 'string') return own;
  const { description: _ownDoc, ...target } = document.components.schemas[$ref.split('/').pop()!]!;
  return { ...(inline(target) as Json), ...own };
}

describe('the generated OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('has exactly one operation per tool, POST on its REST path, and no other tool path', () => {
    const toolOps = Object.entries(document.paths).filter(([path]) => path.startsWith('/api/mcp/tools/'));
    expect(toolOps.map(([path]) => path).sort()).toEqual(toolNames.map((n) => `/api/mcp/tools/${n}`).sort());
    for (const [path, item] of toolOps) {
      expect(Object.keys(item)).toEqual(['post']);
      expect(item.post?.operationId).toBe(path.split('/').pop());
    }
  });

  it.each(toolNames.map((n) => [n]))(
    '%s: request and reply schemas are the MCP input/output schemas',
    (name) => {
      const operation = document.paths[`/api/mcp/tools/${name}`]!.post as {
        requestBody: { content: { 'application/json': { schema: Json } } };
        responses: Record<string, { content?: { 'application/json': { schema: Json } } }>;
      };
      expect(inline(operation.requestBody.content['application/json'].schema)).toEqual(
        tools[name].inputJsonSchema,
      );
      expect(inline(operation.responses['200']!.content!['application/json'].schema)).toEqual(
        tools[name].outputJsonSchema,
      );
      for (const status of Object.keys(operation.responses).filter((s) => s !== '200'))
        expect(Object.values(errorStatus)).toContain(Number(status));
    },
  );
});

describe('the specs examples', () => {
  it.each(toolNames.map((n) => [n]))(
    '%s: valid ones parse with its zod schema, invalid ones fail at their field',
    (name) => {
      const tool = tools[name];
      expect(tool.examples.length).toBeGreaterThan(0);
      for (const example of tool.examples) expect(tool.input.safeParse(example.input).error).toBeUndefined();
      for (const example of tool.invalidExamples) {
        const result = tool.input.safeParse(example.input);
        expect(result.success).toBe(false);
        const fields = result.error?.issues.flatMap((i) =>
          i.code === 'unrecognized_keys' ? i.keys.map((k) => [...i.path, k].join('.')) : [i.path.join('.')],
        );
        expect(fields).toContain(example.field);
      }
    },
  );
});
