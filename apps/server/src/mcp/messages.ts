import { type JSONRPCMessage, JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

/** The most messages one POST may carry. */
export const MAX_BATCH = 100;

/** The common case, a lone request with an id and object params, recognised without a schema parse. */
function plainRequest(body: unknown): JSONRPCMessage | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { jsonrpc, id, method, params, ...rest } = body as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || Object.keys(rest).length > 0) return undefined;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)))) return undefined;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  return body as JSONRPCMessage;
}

/** The JSON-RPC messages of a POST body (one, or a batch of up to MAX_BATCH), or undefined if it is none. */
export function parseMessages(body: unknown): JSONRPCMessage[] | undefined {
  const plain = plainRequest(body);
  if (plain) return [plain];
  const raw = Array.isArray(body) ? body : [body];
  if (raw.length === 0 || raw.length > MAX_BATCH) return undefined;
  const messages: JSONRPCMessage[] = [];
  for (const item of raw) {
    const parsed = JSONRPCMessageSchema.safeParse(item);
    if (!parsed.success) return undefined;
    messages.push(parsed.data);
  }
  return messages;
}
