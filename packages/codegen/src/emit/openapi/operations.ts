import type { Example, Model, Tool } from '../../model/types.js';
import { names } from '../../naming/naming.js';
import { errorRefs, toolErrorCodes } from './responses.js';
import { type Json, outputRef, schemaRef } from './schemas.js';

/** The REST path of a tool: `POST /api/mcp/tools/{name}`. */
export const toolPath = (tool: string) => `/api/mcp/tools/${tool}`;

/**
 * The tag of a tool: its register, the first word after the kind (`getRisk`, `listRisks` → `Risks`;
 * `listFrameworkControls` → `Frameworks`). Reports share one tag.
 */
export function registerTag(tool: Tool): string {
  if (tool.kind === 'report') return 'Reports';
  const word = tool.name.replace(/^(list|get|add|update)/, '').match(/^[A-Z][a-z0-9]*/)?.[0] ?? tool.name;
  if (word.endsWith('s')) return word;
  return word.endsWith('y') ? `${word.slice(0, -1)}ies` : `${word}s`;
}

/** Example objects keyed by a slug of their titles, as OpenAPI's `examples` map wants them. */
export function namedExamples(examples: readonly Example[]): Record<string, Json> {
  const out: Record<string, Json> = {};
  examples.forEach((e, i) => {
    const slug = e.title
      ?.toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
    let key = slug || `example-${i + 1}`;
    if (key in out) key = `${key}-${i + 1}`;
    out[key] = { ...(e.title && { summary: e.title }), value: e.input };
  });
  return out;
}

/** One `post` operation per tool: input as the JSON body, output as the 200 body, every error status. */
export function toolOperation(a: { model: Model; tool: Tool }): Json {
  const { tool } = a;
  const access = tool.selfAttestation
    ? 'Any member but an AUDITOR makes it, for themself, with a read-only token too'
    : tool.access === 'write'
      ? 'Needs a read-write token'
      : 'Read-only tokens may call it';
  return {
    operationId: tool.name,
    tags: [registerTag(tool)],
    summary: tool.title,
    description: `${tool.description}\n\n${access}; the same tool is \`${tool.name}\` on the MCP endpoint.`,
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: schemaRef(names.toolInputSchema(tool.name)),
          examples: namedExamples(tool.examples),
        },
      },
    },
    responses: {
      '200': {
        description: `The ${tool.kind === 'list' ? 'page' : 'result'} of \`${tool.name}\`.`,
        content: { 'application/json': { schema: outputRef(a) } },
      },
      ...errorRefs({ model: a.model, codes: toolErrorCodes(tool) }),
    },
  };
}
