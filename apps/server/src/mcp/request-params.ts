import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { Method, MethodTable } from './methods.js';
import type { JsonRpcReply } from './multiplex-transport.js';
import { errorReply, RpcCode } from './rpc-error.js';

/**
 * The -32602 reply for a 2025-era request whose params do not fit its method's SDK schema, naming the
 * first field that does not (`params.arguments.a`); undefined when they fit. The SDK itself would
 * answer -32603 with its schema library's raw issues as the message.
 */
export function invalidParamsReply({
  message,
  table,
}: {
  message: JSONRPCMessage;
  table: MethodTable;
}): JsonRpcReply | undefined {
  if (!('method' in message) || !('id' in message)) return undefined;
  // tools/call names its own bad params (tool-call-params.ts); the protocol's methods are the SDK's.
  if (message.method === 'tools/call' || !Object.hasOwn(table, message.method)) return undefined;
  const parsed = (table[message.method] as Method).schema.safeParse(message);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const field = (issue?.path ?? []).map(String).join('.') || 'params';
  return errorReply({
    id: message.id as string | number,
    code: RpcCode.InvalidParams,
    message: `Invalid params: \`${field}\` ${issue?.message ?? 'does not fit the request'}.`,
    data: { field },
  });
}
