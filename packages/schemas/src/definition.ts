import type { z } from 'zod';
import type { ToolArgs, ToolInputs, ToolName, ToolOutputs } from './registry.gen.js';

/** A JSON Schema of an object, as emitted by the generator (MCP inputSchema / outputSchema). */
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

/** Everything the server and the MCP layer need to know about one tool. */
export interface ToolDefinition<N extends ToolName> {
  name: N;
  title: string;
  /** Written for an AI model: when to use the tool, its filters, what comes back. */
  description: string;
  annotations: ToolAnnotations;
  /** `read` tools are allowed for read-only tokens and VIEWER members. */
  access: 'read' | 'write';
  /** Whether the input carries `organization_id` (every tool but listOrganizations). */
  organizationScoped: boolean;
  /** Parses what a caller sent into what the handler receives (defaults applied). */
  input: z.ZodType<ToolArgs[N], ToolInputs[N]>;
  output: z.ZodType<ToolOutputs[N]>;
  inputJsonSchema: JsonSchema;
  outputJsonSchema: JsonSchema;
}
