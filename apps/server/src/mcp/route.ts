import { randomUUID } from 'node:crypto';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  isJSONRPCRequest,
  type MessageExtraInfo,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { REFUSES_METHOD } from '../http/not-found.js';
import type { TokenLimiter } from '../http/rate-limit.js';
import { sendJsonParts } from '../http/send-parts.js';
import { announcesUi, UI_SESSION_PREFIX } from './apps.js';
import { authInfoFor } from './auth-info.js';
import { createBatchCharger } from './batch-charge.js';
import { registerIconRoute } from './icons.js';
import { parseMessages } from './messages.js';
import type { MethodTable } from './methods.js';
import { type createModernEra, type McpPost, modernRequest } from './modern-route.js';
import { type JsonRpcReply, MultiplexTransport } from './multiplex-transport.js';
import { repliesBody, replyParts } from './reply-body.js';
import { invalidParamsReply } from './request-params.js';
import { RpcError } from './rpc-error.js';
import { createToolCallAnswerer, isToolCall } from './tool-calls.js';
import { parseToolsets } from './tool-list.js';

/** The 2025-era transport rules (Streamable HTTP): Accept and a protocol version the SDK v1 knows. */
function checkLegacyHeaders(request: FastifyRequest) {
  const accept = request.headers.accept ?? '';
  if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
    throw new RpcError({
      status: 406,
      code: -32000,
      message: 'Not Acceptable: the client must accept both application/json and text/event-stream',
    });
  }
  const version = request.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
    throw new RpcError({
      status: 400,
      code: -32000,
      message: `Bad Request: unsupported protocol version ${version} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
    });
  }
}

/**
 * MCP Streamable HTTP, stateless, with JSON responses, for both protocol eras on one endpoint:
 * every POST carries its own JSON-RPC messages and gets every reply in one JSON body.
 * Authentication, Host/Origin checks and the rate limit have already run (hooks). The era is
 * decided here, once (`modernRequest`); every tools/call of either era takes the one fast path
 * (tool-calls.ts) to the method table's `tools/call`; every other method reaches the same table
 * through the era's SDK — the one v1 server over the multiplex transport (2025 era), or the v2
 * SDK's per-request handler (2026-07-28). Refusals are thrown as RpcErrors (http/errors.ts).
 */
export async function registerMcpRoute({
  app,
  server,
  table,
  path,
  limiter,
  modern,
  batchReplyLimit,
}: {
  app: FastifyInstance;
  /** The 2025-era server (SDK v1), connected to one multiplex transport. */
  server: Server;
  /** Every MCP method, for both eras (methods.ts). */
  table: MethodTable;
  /** The 2026-07-28 era's SDK v2 handler. */
  modern: ReturnType<typeof createModernEra>;
  path: string;
  /** Each request of a batch after the first takes from the token's rate limit through it. */
  limiter: TokenLimiter;
  /** The most bytes a batch's replies may fill together (config `batchReplyLimit`). */
  batchReplyLimit: number;
}) {
  const transport = new MultiplexTransport();
  await server.connect(transport);
  app.addHook('onClose', async () => {
    await modern.close();
    await server.close();
  });

  /** A 2025-era POST: one message or a batch, each charged, checked and answered. */
  async function serveLegacy({ request, reply, caller }: McpPost) {
    checkLegacyHeaders(request);
    const messages = parseMessages(request.body);
    if (!messages) {
      throw new RpcError({
        status: 400,
        code: -32700,
        message: 'Parse error: the body is not a JSON-RPC message',
      });
    }
    const answerToolCall = createToolCallAnswerer({ table, caller, era: 'legacy' });
    const [first] = messages;
    // A lone tools/call (the common POST) is answered directly: the HTTP request paid its rate-limit
    // unit, and tools/call names its own bad params, so the batch steps below would change nothing.
    if (messages.length === 1 && !Array.isArray(request.body) && first && isToolCall(first)) {
      return sendJsonParts({ reply, parts: replyParts(await answerToolCall(first)) });
    }
    const extra: MessageExtraInfo = {
      authInfo: authInfoFor(caller),
      // The Host header has been checked (origin hook), so icon URLs built from it point here.
      requestInfo: {
        headers: request.headers,
        url: new URL(request.url, `${request.protocol}://${request.host}`),
      },
    };
    const charge = createBatchCharger({ limiter, tokenId: caller.tokenId });
    const owner = caller.tokenId;
    const pending: Promise<JsonRpcReply>[] = [];
    for (const message of messages) {
      const refused = (await charge(message)) ?? invalidParamsReply({ message, table });
      if (refused) pending.push(Promise.resolve(refused));
      else if (isToolCall(message)) pending.push(answerToolCall(message));
      else if (isJSONRPCRequest(message))
        pending.push(transport.dispatch({ request: message, extra, owner }));
      else transport.deliver({ message, extra, owner });
    }
    const replies = await Promise.all(pending);
    // Stateless: a client announcing MCP Apps at initialize gets a session id that says so (apps.ts).
    if (
      messages.some(
        (m) => isJSONRPCRequest(m) && m.method === 'initialize' && announcesUi(m.params?.capabilities),
      )
    ) {
      reply.header('mcp-session-id', `${UI_SESSION_PREFIX}${randomUUID()}`);
    }
    if (replies.length === 0) return reply.code(202).send();
    return sendJsonParts({
      reply,
      parts: repliesBody({ replies, batch: Array.isArray(request.body), maxBytes: batchReplyLimit }),
    });
  }

  app.post(path, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { error: toolsetsError } = parseToolsets(query.toolsets);
    if (toolsetsError) throw new RpcError({ status: 400, code: -32000, message: toolsetsError });
    const caller = request.caller!;
    const era = modernRequest(request);
    if (!era) return serveLegacy({ request, reply, caller });
    if (era.kind === 'sdk') return modern.serve({ request, reply, caller });
    const answer = createToolCallAnswerer({ table, caller, era: 'modern' });
    return sendJsonParts({ reply, parts: replyParts(await answer(era), modern.stamp) });
  });

  const notAllowed = async () => {
    throw new RpcError({
      status: 405,
      headers: { allow: 'POST' },
      code: -32000,
      message: 'Method not allowed: this server is stateless; use POST.',
    });
  };
  app.get(path, { config: REFUSES_METHOD }, notAllowed);
  app.delete(path, { config: REFUSES_METHOD }, notAllowed);
  registerIconRoute(app);
}
