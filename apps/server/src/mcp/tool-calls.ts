import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Caller } from '../core/caller.js';
import type { Era, MethodTable } from './methods.js';
import type { JsonRpcReply } from './multiplex-transport.js';
import { errorReply, RpcError } from './rpc-error.js';

type ToolCallMessage = Extract<JSONRPCMessage, { id: unknown }> & { method: 'tools/call'; params?: unknown };

/** Whether a message is a tools/call request (with an id to answer). */
export function isToolCall(message: JSONRPCMessage): message is ToolCallMessage {
  return 'method' in message && message.method === 'tools/call' && 'id' in message;
}

/**
 * The one tools/call fast path of both eras: the method table's `tools/call` entry, called
 * directly and wrapped as the JSON-RPC reply, without the SDK's per-request dispatch (schema
 * parsing, abort bookkeeping, result validation, and in the 2026-07-28 era a server per request),
 * which adds nothing for a call. The fields the 2026-07-28 era adds to every result are added
 * when the reply is written (reply-body.ts `ResultStamp`).
 * The route has charged each call to the token's rate limit (mcp/batch-charge.ts).
 */
export function createToolCallAnswerer({
  table,
  caller,
  era,
}: {
  table: MethodTable;
  caller: Caller;
  era: Era;
}): (message: { id: string | number; params?: unknown }) => Promise<JsonRpcReply> {
  const context = { caller, url: undefined, era };
  return async ({ id, params }) => {
    try {
      const result = await table['tools/call'].handle(params, context);
      return { jsonrpc: '2.0', id, result } as JsonRpcReply;
    } catch (error) {
      if (!(error instanceof RpcError)) throw error;
      return errorReply({ id, code: error.code, message: error.message, data: error.data });
    }
  };
}
