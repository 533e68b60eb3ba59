import type { z } from 'zod';
import type { ToolArgs, ToolInputs, ToolName, ToolOutputs } from './registry.gen.js';

/** A JSON Schema of an object, derived from a tool's zod schema (MCP inputSchema / outputSchema). */
export interface JsonSchema {
  type: 'object';
  [keyword: string]: unknown;
}

/** MCP tool annotations. */
export interface ToolAnnotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/**
 * A sample input from the tool's spec. Record ids are placeholders: a string `<prefix>_…` (e.g.
 * `org_…`, `risk_…`) stands for the id of a record of that kind.
 */
export interface ToolExample<I> {
  title?: string;
  input: I;
}

/** An input the tool refuses with INVALID_INPUT whose `field` is the given dotted path. */
export interface InvalidToolExample {
  title?: string;
  input: Readonly<Record<string, unknown>>;
  field: string;
}

/** Everything the server and the MCP layer need to know about one tool. */
export interface ToolDefinition<N extends ToolName> {
  name: N;
  title: string;
  /** Written for an AI model: when to use the tool, its filters, what comes back. */
  description: string;
  annotations: ToolAnnotations;
  /** `read` tools are allowed for read-only tokens and VIEWER members. */
  access: 'read' | 'write';
  /**
   * A write a member makes about themself only (spec `self_attestation: true`): every role but
   * AUDITOR may call it, with a read-only API token too.
   */
  selfAttestation?: true;
  /** Whether the input carries `organization_id` (every tool but listOrganizations). */
  organizationScoped: boolean;
  /** Parses what a caller sent into what the handler receives (defaults applied). */
  input: z.ZodType<ToolArgs[N], ToolInputs[N]>;
  output: z.ZodType<ToolOutputs[N]>;
  /** Derived from `input` on first use, once (json-schema.ts). */
  inputJsonSchema: JsonSchema;
  /** Derived from `output` on first use, once. */
  outputJsonSchema: JsonSchema;
  /** Valid inputs from the spec's `examples:` (at least one). */
  examples: readonly ToolExample<ToolInputs[N]>[];
  /** Refused inputs from the spec's `invalid_examples:`. */
  invalidExamples: readonly InvalidToolExample[];
}

/** A tool as tools/list shows it (lean, derived from its JSON Schemas: see lean-schema.ts). */
export interface McpTool {
  name: ToolName;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  /** Only the hints that differ from MCP's defaults. */
  annotations: Partial<ToolAnnotations>;
}

/** A tools/list entry and the toolset it belongs to (`risks`, `vendors`, …, `reports`). */
export interface McpToolEntry {
  toolset: string;
  tool: McpTool;
}
