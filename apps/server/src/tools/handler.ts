import type { ErrorCode, ToolArgs, ToolName, ToolOutputs } from '@comply/schemas';

/**
 * What a handler knows about the call. Placeholder from the generator issue: the server's tool core
 * replaces or extends it (its fields are optional so any richer context is assignable).
 */
export interface ToolContext {
  /** The organization the call acts in; undefined only for listOrganizations. */
  organizationId?: string | undefined;
}

/** A tool handler: validated args in, output out; knows nothing of HTTP or MCP. */
export type ToolHandler<N extends ToolName> = (
  ctx: ToolContext,
  args: ToolArgs[N],
) => Promise<ToolOutputs[N]>;

/** An error a handler throws on purpose; transports map `code` to a status / isError result. */
export class ToolError extends Error {
  override readonly name = 'ToolError';
  readonly code: ErrorCode;
  readonly field: string | undefined;

  constructor(init: { code: ErrorCode; message: string; field?: string | undefined }) {
    super(init.message);
    this.code = init.code;
    this.field = init.field;
  }
}

/** Throws NOT_IMPLEMENTED for a tool whose handler is still the generated stub. */
export function notImplemented(tool: ToolName): never {
  throw new ToolError({ code: 'NOT_IMPLEMENTED', message: `The tool \`${tool}\` is not implemented yet.` });
}
