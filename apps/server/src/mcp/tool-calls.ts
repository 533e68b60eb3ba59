import { toolNames } from '@comply/schemas';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../core/caller.js';
import type { ToolCore } from '../core/tool-core.js';
import type { TokenLimiter } from '../http/rate-limit.js';
import { callTool } from './call-tool.js';
import type { JsonRpcReply } from './multiplex-transport.js';
import { errorReply, RpcCode, RpcError } from './rpc-error.js';
import { toolCallParams } from './tool-call-params.js';

type ToolCallMessage = Extract<JSONRPCMessage, { id: unknown }> & { method: 'tools/call'; params?: unknown };

/** Whether a message is a tools/call request (with an id to answer). */
export function isToolCall(message: JSONRPCMessage): message is ToolCallMessage {
  return 'method' in message && message.method === 'tools/call' && 'id' in message;
}

/**
 * Answers the tools/call requests of one POST through the tool core directly: the SDK's per-request
 * dispatch (schema parsing, abort bookkeeping, result validation) adds nothing for them, and the
 * result is the one `mcp/server.ts` would build. Each call counts against the token's rate limit:
 * the HTTP request paid for the first, every further call of a batch takes from the same budget, and
 * the calls over it are answered with a -32000 error (the calls within it still run).
 */
export function createToolCallAnswerer({
  core,
  caller,
  limiter,
}: {
  core: ToolCore;
  caller: Caller;
  limiter: TokenLimiter;
}): (message: ToolCallMessage) => Promise<JsonRpcReply> {
  let prepaid = 1;
  return async ({ id, params }) => {
    const seconds = prepaid > 0 ? 0 : limiter(caller.tokenId);
    prepaid = 0;
    if (seconds > 0) {
      return errorReply({
        id,
        code: RpcCode.RateLimited,
        message: `Rate limited: this batch has more tool calls than this token may make now; retry after ${seconds} second${seconds === 1 ? '' : 's'}.`,
        data: { code: 'RATE_LIMITED', retry_after_seconds: seconds },
      });
    }
    const call = toolCallParams({ params, core, toolCount: toolNames.length });
    if (call instanceof RpcError)
      return errorReply({ id, code: call.code, message: call.message, data: call.data });
    const result = await callTool({ core, caller, ...call });
    return { jsonrpc: '2.0', id, result } as JsonRpcReply;
  };
}
