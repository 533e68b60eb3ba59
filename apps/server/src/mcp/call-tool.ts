import type { ToolName } from '@comply/schemas';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../core/caller.js';
import { toErrorBody } from '../core/errors.js';
import type { ToolCore } from '../core/tool-core.js';

/**
 * One tools/call through the tool core, as an MCP result: the output as structuredContent and the
 * same JSON as text, or an isError result carrying `{error: {code, message, field?}}`.
 */
export async function callTool({
  core,
  caller,
  name,
  input,
}: {
  core: ToolCore;
  caller: Caller;
  name: ToolName;
  input: unknown;
}): Promise<CallToolResult> {
  try {
    const { output, json } = await core.invoke({ caller, name, input });
    // The text is exactly the JSON of structuredContent; mcp/reply-body.ts relies on it.
    return { content: [{ type: 'text', text: json }], structuredContent: output as Record<string, unknown> };
  } catch (error) {
    return { isError: true, content: [{ type: 'text', text: JSON.stringify(toErrorBody(error)) }] };
  }
}
