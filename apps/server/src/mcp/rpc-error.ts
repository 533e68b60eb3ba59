import type { JsonRpcReply } from './multiplex-transport.js';

/** JSON-RPC error codes the MCP route answers with. */
export const RpcCode = {
  /** Server-defined: the token's rate limit refused this call. */
  RateLimited: -32000,
  /** Server-defined: the request took longer than the route waits. */
  RequestTimeout: -32001,
  /** Server-defined: the batch's replies so far fill its size limit; send this request again alone. */
  ReplyTooLarge: -32003,
  InvalidParams: -32602,
  /** The caller cancelled the request (the code LSP uses for it). */
  RequestCancelled: -32800,
} as const;

/**
 * A JSON-RPC error a request handler throws. The SDK sends `message` as is, and SDK clients put
 * their own `MCP error <code>: ` in front when they show it, so the message carries no prefix
 * (the SDK's own McpError does, which clients would then show twice).
 */
export class RpcError extends Error {
  readonly code: number;
  readonly data: unknown;
  /** When the route throws it for the whole POST: the HTTP status, headers and request id answered. */
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly id: string | number | null;

  constructor({
    code,
    message,
    data,
    status = 400,
    headers = {},
    id = null,
  }: {
    code: number;
    message: string;
    data?: unknown;
    status?: number;
    headers?: Record<string, string>;
    id?: string | number | null;
  }) {
    super(message);
    this.name = 'RpcError';
    this.code = code;
    this.data = data;
    this.status = status;
    this.headers = headers;
    this.id = id;
  }
}

/** The error reply to request `id`. */
export function errorReply({
  id,
  code,
  message,
  data,
}: {
  id: string | number;
  code: number;
  message: string;
  data?: unknown;
}): JsonRpcReply {
  return {
    jsonrpc: '2.0',
    id,
    error: { code, message, ...(data !== undefined && { data }) },
  } as JsonRpcReply;
}
