import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  isJSONRPCRequest,
  type JSONRPCMessage,
  JSONRPCMessageSchema,
  type MessageExtraInfo,
  SUPPORTED_PROTOCOL_VERSIONS,
} from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ToolCore } from '../core/tool-core.js';
import { authInfoFor } from './auth-info.js';
import { callTool } from './call-tool.js';
import { type JsonRpcReply, MultiplexTransport } from './multiplex-transport.js';
import { repliesBody } from './reply-body.js';

const MAX_BATCH = 100;

function rpcError(
  reply: FastifyReply,
  { status, code, message }: { status: number; code: number; message: string },
) {
  return reply.code(status).send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

/** The common case, a lone request with an id and object params, recognised without a schema parse. */
function plainRequest(body: unknown): JSONRPCMessage | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const { jsonrpc, id, method, params, ...rest } = body as Record<string, unknown>;
  if (jsonrpc !== '2.0' || typeof method !== 'string' || Object.keys(rest).length > 0) return undefined;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isInteger(id)))) return undefined;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) return undefined;
  return body as JSONRPCMessage;
}

function parseMessages(body: unknown): JSONRPCMessage[] | undefined {
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

/**
 * A tools/call of a known tool with well-formed params. The route answers it through the tool core
 * directly: the SDK's per-request dispatch (schema parsing, abort bookkeeping, result validation)
 * adds nothing for it, and the result is the one `mcp/server.ts` would build. Everything else —
 * initialize, ping, tools/list, unknown tools, malformed params — goes through the SDK Server.
 */
function directToolCall({ message, core }: { message: JSONRPCMessage; core: ToolCore }) {
  if (!('method' in message) || message.method !== 'tools/call' || !('id' in message)) return undefined;
  const params = message.params as { name?: unknown; arguments?: unknown } | undefined;
  if (typeof params?.name !== 'string' || !core.has(params.name)) return undefined;
  const input = params.arguments ?? {};
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  return { id: message.id, name: params.name, input };
}

/**
 * MCP Streamable HTTP, stateless, with JSON responses: every POST carries its own JSON-RPC
 * messages and gets every reply in one JSON body. Authentication has already run (onRequest hook).
 */
export async function registerMcpRoute({
  app,
  server,
  core,
  path,
}: {
  app: FastifyInstance;
  server: Server;
  core: ToolCore;
  path: string;
}) {
  const transport = new MultiplexTransport();
  await server.connect(transport);
  app.addHook('onClose', async () => server.close());

  app.post(path, async (request: FastifyRequest, reply: FastifyReply) => {
    const accept = request.headers.accept ?? '';
    if (!accept.includes('application/json') || !accept.includes('text/event-stream')) {
      return rpcError(reply, {
        status: 406,
        code: -32000,
        message: 'Not Acceptable: the client must accept both application/json and text/event-stream',
      });
    }
    const version = request.headers['mcp-protocol-version'];
    if (typeof version === 'string' && !SUPPORTED_PROTOCOL_VERSIONS.includes(version)) {
      return rpcError(reply, {
        status: 400,
        code: -32000,
        message: `Bad Request: unsupported protocol version ${version} (supported: ${SUPPORTED_PROTOCOL_VERSIONS.join(', ')})`,
      });
    }
    const messages = parseMessages(request.body);
    if (!messages) {
      return rpcError(reply, {
        status: 400,
        code: -32700,
        message: 'Parse error: the body is not a JSON-RPC message',
      });
    }
    const extra: MessageExtraInfo = {
      authInfo: authInfoFor(request.caller!),
      requestInfo: { headers: request.headers },
    };
    const pending: Promise<JsonRpcReply>[] = [];
    for (const message of messages) {
      const direct = directToolCall({ message, core });
      if (direct) {
        const result = callTool({ core, caller: request.caller!, ...direct });
        pending.push(result.then((r) => ({ jsonrpc: '2.0', id: direct.id, result: r }) as JsonRpcReply));
      } else if (isJSONRPCRequest(message)) pending.push(transport.dispatch({ request: message, extra }));
      else transport.deliver({ message, extra });
    }
    const replies = await Promise.all(pending);
    if (replies.length === 0) return reply.code(202).send();
    return reply
      .code(200)
      .type('application/json')
      .send(repliesBody({ replies, batch: Array.isArray(request.body) }));
  });

  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(405)
      .header('allow', 'POST')
      .send({
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed: this server is stateless; use POST.' },
        id: null,
      });
  app.get(path, notAllowed);
  app.delete(path, notAllowed);
}
