import { toolNames } from '@comply/schemas';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../core/caller.js';
import type { ToolCore } from '../core/tool-core.js';
import { callTool } from './call-tool.js';
import type { JsonRpcReply } from './multiplex-transport.js';
import { errorReply, RpcError } from './rpc-error.js';
import { toolCallParams } from './tool-call-params.js';

type ToolCallMessage = Extract<JSONRPCMessage, { id: unknown }> & { method: 'tools/call'; params?: unknown };

/** Whether a message is a tools/call request (with an id to answer). */
export function isToolCall(message: JSONRPCMessage): message is ToolCallMessage {
  return 'method' in message && message.method === 'tools/call' && 'id' in message;
}

/**
 * Answers the tools/call requests of one POST through the tool core directly: the SDK's per-request
 * dispatch (schema parsing, abort bookkeeping, result validation) adds nothing for them, and the
 * result is the one `mcp/server.ts` would build. The route has charged each call to the token's
 * rate limit (mcp/batch-charge.ts).
 */
export function createToolCallAnswerer({
  core,
  caller,
}: {
  core: ToolCore;
  caller: Caller;
}): (message: ToolCallMessage) => Promise<JsonRpcReply> {
  return async ({ id, params }) => {
    const call = toolCallParams({ params, core, toolCount: toolNames.length });
    if (call instanceof RpcError)
      return errorReply({ id, code: call.code, message: call.message, data: call.data });
    const result = await callTool({ core, caller, ...call });
    return { jsonrpc: '2.0', id, result } as JsonRpcReply;
  };
}
