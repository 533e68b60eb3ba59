import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  isJSONRPCRequest,
  type MessageExtraInfo,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ToolCore } from '../core/tool-core.js';
import { REFUSES_METHOD } from '../http/not-found.js';
import type { TokenLimiter } from '../http/rate-limit.js';
import { authInfoFor } from './auth-info.js';
import { createBatchCharger } from './batch-charge.js';
import { registerIconRoute } from './icons.js';
import { parseMessages } from './messages.js';
import type { createModernEra } from './modern-route.js';
import { type JsonRpcReply, MultiplexTransport } from './multiplex-transport.js';
import { repliesBody } from './reply-body.js';
import { invalidParamsReply } from './request-params.js';
import { RpcError } from './rpc-error.js';
import { createToolCallAnswerer, isToolCall } from './tool-calls.js';
import { parseToolsets } from './tool-list.js';

/**
 * MCP Streamable HTTP, stateless, with JSON responses: every POST carries its own JSON-RPC
 * messages and gets every reply in one JSON body. Authentication has already run (onRequest hook).
 */
export async function registerMcpRoute({
  app,
  server,
  core,
  path,
  limiter,
  modern,
  batchReplyLimit,
}: {
  app: FastifyInstance;
  /** The 2025-era server (SDK v1), connected to one multiplex transport. */
  server: Server;
  /** The 2026-07-28 era (SDK v2); requests it does not claim are 2025-era. */
  modern: ReturnType<typeof createModernEra>;
  core: ToolCore;
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

  app.post(path, async (request: FastifyRequest, reply: FastifyReply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const { error: toolsetsError } = parseToolsets(query.toolsets);
    if (toolsetsError) throw new RpcError({ status: 400, code: -32000, message: toolsetsError });
    const caller = request.caller!;
    if (await modern.answer({ request, reply, caller })) return reply;
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
    const messages = parseMessages(request.body);
    if (!messages) {
      throw new RpcError({
        status: 400,
        code: -32700,
        message: 'Parse error: the body is not a JSON-RPC message',
      });
    }
    const extra: MessageExtraInfo = {
      authInfo: authInfoFor(caller),
      // The Host header has been checked (origin hook), so icon URLs built from it point here.
      requestInfo: {
        headers: request.headers,
        url: new URL(request.url, `${request.protocol}://${request.host}`),
      },
    };
    const answerToolCall = createToolCallAnswerer({ core, caller });
    const charge = createBatchCharger({ limiter, tokenId: caller.tokenId });
    const owner = caller.tokenId;
    const pending: Promise<JsonRpcReply>[] = [];
    for (const message of messages) {
      const refused = (await charge(message)) ?? invalidParamsReply(message);
      if (refused) pending.push(Promise.resolve(refused));
      else if (isToolCall(message)) pending.push(answerToolCall(message));
      else if (isJSONRPCRequest(message))
        pending.push(transport.dispatch({ request: message, extra, owner }));
      else transport.deliver({ message, extra, owner });
    }
    const replies = await Promise.all(pending);
    if (replies.length === 0) return reply.code(202).send();
    return reply
      .code(200)
      .type('application/json')
      .send(repliesBody({ replies, batch: Array.isArray(request.body), maxBytes: batchReplyLimit }));
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
