import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type {
  JSONRPCMessage,
  JSONRPCNotification,
  JSONRPCRequest,
  MessageExtraInfo,
} from '@modelcontextprotocol/sdk/types.js';

/** A JSON-RPC response or error, as the server sends it back for one request. */
export type JsonRpcReply = Extract<JSONRPCMessage, { id: unknown }> &
  ({ result: unknown } | { error: unknown });

/**
 * Lets one long-lived SDK `Server` answer every HTTP request concurrently.
 *
 * The server is stateless (no sessions), so there is nothing per-connection to keep; building an
 * `McpServer` and a transport per request (the SDK's stateless example) costs far more than the
 * tool call itself. Each request gets a private id on the way in so callers that reuse the same
 * JSON-RPC id never receive each other's replies; the reply is mapped back to the caller's id.
 */
export class MultiplexTransport implements Transport {
  onmessage?: Transport['onmessage'];
  onclose?: Transport['onclose'];
  onerror?: Transport['onerror'];

  readonly #pending = new Map<string, (reply: JsonRpcReply) => void>();
  #sequence = 0;

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('id' in message) || !('result' in message || 'error' in message)) {
      // Server-initiated requests and notifications have no stream to travel on in stateless mode.
      return;
    }
    const key = String(message.id);
    const resolve = this.#pending.get(key);
    if (resolve) {
      this.#pending.delete(key);
      resolve(message as JsonRpcReply);
    }
  }

  /** Delivers one client request and resolves with the server's reply, carrying the caller's own id. */
  dispatch({ request, extra }: { request: JSONRPCRequest; extra: MessageExtraInfo }): Promise<JsonRpcReply> {
    this.#sequence = (this.#sequence + 1) % Number.MAX_SAFE_INTEGER;
    const internalId = `mx-${this.#sequence}`;
    return new Promise((resolve) => {
      this.#pending.set(internalId, (reply) => resolve({ ...reply, id: request.id }));
      this.onmessage?.({ ...request, id: internalId }, extra);
    });
  }

  /** Delivers a notification (or a stray response); nothing is sent back. */
  deliver({
    message,
    extra,
  }: {
    message: JSONRPCNotification | JSONRPCMessage;
    extra: MessageExtraInfo;
  }): void {
    this.onmessage?.(message, extra);
  }
}
