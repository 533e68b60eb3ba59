import { randomUUID } from 'node:crypto';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  MessageExtraInfo,
} from '@modelcontextprotocol/sdk/types.js';
import { errorReply, RpcCode } from './rpc-error.js';

/** A JSON-RPC response or error, as the server sends it back for one request. */
export type JsonRpcReply = Extract<JSONRPCMessage, { id: unknown }> &
  ({ result: unknown } | { error: unknown });

type RequestId = JSONRPCRequest['id'];

interface Pending {
  /** Whose request it is (the token id) and the id the caller gave it. */
  key: string;
  callerId: RequestId;
  resolve: (reply: JsonRpcReply) => void;
  timer: NodeJS.Timeout;
}

/** How long a request may wait for the server's reply before it is answered with a timeout error. */
export const DEFAULT_TIMEOUT_MS = 30_000;

const keyOf = ({ owner, id }: { owner: string; id: unknown }) => `${owner}\u0000${JSON.stringify(id)}`;

/**
 * Lets one long-lived SDK `Server` answer every HTTP request concurrently.
 *
 * The server is stateless (no sessions), so there is nothing per-connection to keep; building an
 * `McpServer` and a transport per request (the SDK's stateless example) costs far more than the
 * tool call itself. Each request gets a random private id on the way in, so callers that reuse the
 * same JSON-RPC id never receive each other's replies and nobody can name another's request; the
 * reply is mapped back to the caller's id. A cancellation reaches only its sender's own requests,
 * and every request is answered: by the server, as cancelled, or as timed out.
 */
export class MultiplexTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];

  readonly #timeoutMs: number;
  readonly #pending = new Map<string, Pending>();
  /** Internal ids by owner and caller id, for cancellations. */
  readonly #byCaller = new Map<string, Set<string>>();

  constructor({ timeoutMs = DEFAULT_TIMEOUT_MS }: { timeoutMs?: number } = {}) {
    this.#timeoutMs = timeoutMs;
  }

  /** Requests waiting for their reply. */
  get pendingCount(): number {
    return this.#pending.size;
  }

  async start(): Promise<void> {}

  async close(): Promise<void> {
    for (const internalId of [...this.#pending.keys()]) {
      this.#settle({
        internalId,
        reply: { code: RpcCode.RequestCancelled, message: 'The server is shutting down.' },
      });
    }
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // Server-initiated requests and notifications have no stream to travel on in stateless mode.
    if (!('id' in message) || !('result' in message || 'error' in message)) return;
    this.#settle({ internalId: String(message.id), reply: message as JsonRpcReply });
  }

  /** Delivers one client request of `owner` and resolves with its reply, carrying the caller's own id. */
  dispatch({
    request,
    extra,
    owner,
  }: {
    request: JSONRPCRequest;
    extra: MessageExtraInfo;
    owner: string;
  }): Promise<JsonRpcReply> {
    const internalId = randomUUID();
    const key = keyOf({ owner, id: request.id });
    return new Promise((resolve) => {
      const timer = setTimeout(
        () =>
          this.#settle({
            internalId,
            reply: { code: RpcCode.RequestTimeout, message: 'The request timed out; try again.' },
          }),
        this.#timeoutMs,
      );
      timer.unref();
      this.#pending.set(internalId, { key, callerId: request.id, resolve, timer });
      const same = this.#byCaller.get(key);
      if (same) same.add(internalId);
      else this.#byCaller.set(key, new Set([internalId]));
      this.onmessage?.({ ...request, id: internalId }, extra);
    });
  }

  /** Delivers a notification of `owner` (or a stray response); nothing is sent back. */
  deliver({
    message,
    extra,
    owner,
  }: {
    message: JSONRPCNotification | JSONRPCMessage;
    extra: MessageExtraInfo;
    owner: string;
  }): void {
    if ('method' in message && message.method === 'notifications/cancelled') {
      this.#cancel({ owner, params: message.params, extra });
      return;
    }
    this.onmessage?.(message, extra);
  }

  /** Cancels `owner`'s own requests with the named id; a name of anyone else's matches nothing. */
  #cancel({ owner, params, extra }: { owner: string; params: unknown; extra: MessageExtraInfo }) {
    const { requestId, reason } = (params ?? {}) as { requestId?: unknown; reason?: unknown };
    const internalIds = this.#byCaller.get(keyOf({ owner, id: requestId }));
    if (!internalIds) return;
    for (const internalId of [...internalIds]) {
      this.onmessage?.(
        {
          jsonrpc: '2.0',
          method: 'notifications/cancelled',
          params: { requestId: internalId, ...(typeof reason === 'string' && { reason }) },
        },
        extra,
      );
      this.#settle({
        internalId,
        reply: { code: RpcCode.RequestCancelled, message: 'The request was cancelled.' },
      });
    }
  }

  #settle({
    internalId,
    reply,
  }: {
    internalId: string;
    reply: JsonRpcReply | { code: number; message: string };
  }) {
    const entry = this.#pending.get(internalId);
    if (!entry) return;
    this.#pending.delete(internalId);
    clearTimeout(entry.timer);
    const same = this.#byCaller.get(entry.key);
    same?.delete(internalId);
    if (same?.size === 0) this.#byCaller.delete(entry.key);
    entry.resolve(
      'jsonrpc' in reply ? { ...reply, id: entry.callerId } : errorReply({ id: entry.callerId, ...reply }),
    );
  }
}
