import type { ToolArgs, ToolName, ToolOutputs } from '@comply/schemas';
import type { ToolContext } from '../core/context.js';
import { ToolError } from '../core/errors.js';

export type { ToolContext };
export { ToolError };

/** A tool handler: validated args in, output out; knows nothing of HTTP or MCP. */
export type ToolHandler<N extends ToolName> = (
  ctx: ToolContext,
  args: ToolArgs[N],
) => Promise<ToolOutputs[N]>;

/** Throws NOT_IMPLEMENTED for a tool whose handler is still the generated stub. */
export function notImplemented(tool: ToolName): never {
  throw new ToolError({ code: 'NOT_IMPLEMENTED', message: `The tool \`${tool}\` is not implemented yet.` });
}
