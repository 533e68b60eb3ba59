import { SUPPORTED_PROTOCOL_VERSIONS as LEGACY_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { classifyInboundRequest, createMcpHandler, type Implementation } from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../core/caller.js';
import { freezeDeep } from '../core/read-cache.js';
import { authInfoFor } from './auth-info.js';
import type { modernServerFactory } from './modern-server.js';
import { MODERN_PROTOCOL_VERSIONS } from './modern-server.js';
import { MAX_NESTING, nestsDeeperThan } from './nesting.js';
import { resultStamp } from './reply-body.js';
import { RpcCode, RpcError } from './rpc-error.js';

// The `_meta` key every 2026-07-28 request carries (its "envelope claim").
const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';
const CLIENT_CAPABILITIES_META = 'io.modelcontextprotocol/clientCapabilities';
const CLIENT_INFO_META = 'io.modelcontextprotocol/clientInfo';
const SERVER_INFO_META = 'io.modelcontextprotocol/serverInfo';

function hasEnvelope(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const meta = (message as { params?: { _meta?: unknown } }).params?._meta;
  return typeof meta === 'object' && meta !== null && PROTOCOL_VERSION_META in meta;
}

/**
 * Cheap first look, so 2025-era traffic pays nothing: only a request with a `_meta` envelope or a
 * protocol-version header the 2025 server does not know can be 2026-era. The SDK's classifier
 * (the same code `createMcpHandler` routes with) then decides.
 */
function mayBeModern(request: FastifyRequest): boolean {
  const version = request.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !LEGACY_PROTOCOL_VERSIONS.includes(version)) return true;
  const body = request.body;
  return Array.isArray(body) ? body.some(hasEnvelope) : hasEnvelope(body);
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The tools/call, if the body is one the SDK would hand to its handler unchanged: a lone JSON-RPC
 * request (`jsonrpc` "2.0", a string or integer id, nothing else at the top), params with a string
 * `name` (`arguments` that are not an object get the route's -32602 naming `params.arguments`, where
 * the SDK would list its schema library's raw issues), an envelope at a served revision whose reserved keys
 * are well-formed, and the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers agreeing with the
 * body in plain form. Checked here without the SDK's classifier, whose schema parse costs about a
 * fifth of the whole call; anything else goes to the SDK, which owns every rejection, so the fast
 * path only ever answers what the SDK would accept (test/mcp-modern-fast-path.test.ts).
 */
function plainToolCall(
  request: FastifyRequest,
): { id: string | number; params: Record<string, unknown> } | undefined {
  const body = request.body;
  if (!isObject(body)) return undefined;
  const { jsonrpc, id, method, params, ...rest } = body;
  if (jsonrpc !== '2.0' || method !== 'tools/call' || Object.keys(rest).length > 0) return undefined;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return undefined;
  if (!isObject(params) || typeof params.name !== 'string') return undefined;
  const meta = params._meta;
  if (!isObject(meta)) return undefined;
  const revision = meta[PROTOCOL_VERSION_META];
  if (typeof revision !== 'string' || !MODERN_PROTOCOL_VERSIONS.includes(revision)) return undefined;
  for (const [key, value] of Object.entries(meta)) {
    if (!key.startsWith('io.modelcontextprotocol/') || key === PROTOCOL_VERSION_META) continue;
    if (key === CLIENT_CAPABILITIES_META && isObject(value) && Object.values(value).every(isObject)) continue;
    if (
      key === CLIENT_INFO_META &&
      isObject(value) &&
      typeof value.name === 'string' &&
      typeof value.version === 'string'
    )
      continue;
    return undefined;
  }
  const plain =
    isObject(meta[CLIENT_CAPABILITIES_META]) &&
    header(request, 'mcp-protocol-version') === revision &&
    header(request, 'mcp-method') === 'tools/call' &&
    header(request, 'mcp-name') === params.name;
  return plain ? { id, params } : undefined;
}

/** The web-standard Request the v2 SDK's handler reads (the body is already parsed). */
function webRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  }
  return new Request(new URL(request.url, `${request.protocol}://${request.host}`), {
    method: 'POST',
    headers,
    body: JSON.stringify(request.body),
  });
}

/** A 2026-07-28 request: a plain tools/call for the fast path, or one for the SDK. */
export type ModernRequest =
  | { kind: 'call'; id: string | number; params: Record<string, unknown> }
  | { kind: 'sdk' };

/**
 * The era half of the route's one decision (mcp/route.ts): undefined for a 2025-era request;
 * else a plain modern tools/call (see `plainToolCall`), answered by the same fast path as the
 * 2025 era's calls, or a request for the v2 SDK — server/discover, lists, resources, prompts,
 * rejections. Only a request that may be modern is classified, by the SDK's own classifier
 * (`classifyInboundRequest`, the code `createMcpHandler` routes with); one nesting deeper than
 * MAX_NESTING is refused before any parse.
 */
export function modernRequest(request: FastifyRequest): ModernRequest | undefined {
  if (!mayBeModern(request)) return undefined;
  if (nestsDeeperThan({ value: request.body, limit: MAX_NESTING })) {
    const id = isObject(request.body) ? request.body.id : undefined;
    throw new RpcError({
      status: 400,
      id: typeof id === 'string' || typeof id === 'number' ? id : null,
      code: RpcCode.InvalidParams,
      message: `Invalid params: the message nests more than ${MAX_NESTING} levels deep.`,
      data: { field: 'params' },
    });
  }
  const call = plainToolCall(request);
  if (call) return { kind: 'call', ...call };
  const outcome = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: header(request, 'mcp-protocol-version'),
    mcpMethodHeader: header(request, 'mcp-method'),
    mcpNameHeader: header(request, 'mcp-name'),
    body: request.body,
  });
  return outcome.kind === 'legacy' ? undefined : { kind: 'sdk' };
}

/** One POST to the MCP endpoint from an authenticated caller, as either era's server takes it. */
export interface McpPost {
  request: FastifyRequest;
  reply: FastifyReply;
  caller: Caller;
}

/**
 * The v2 SDK's `createMcpHandler` for the 2026-07-28 requests the fast path does not answer
 * (strict: 2025-era requests never reach it), and `stamp`, the fields it adds to every result
 * (`resultType`, the server info in `_meta`), which the fast path adds too. A per-request SDK
 * server costs far more than a call (docs/performance.md), hence the fast path.
 */
export function createModernEra({
  factory,
  serverInfo,
}: {
  factory: ReturnType<typeof modernServerFactory>;
  serverInfo: Implementation;
}) {
  const handler = createMcpHandler(factory, { legacy: 'reject', responseMode: 'auto' });
  return {
    stamp: resultStamp(
      freezeDeep({ resultType: 'complete', _meta: { [SERVER_INFO_META]: structuredClone(serverInfo) } }),
    ),
    close: () => handler.close(),
    async serve({ request, reply, caller }: McpPost) {
      const response = await handler.fetch(webRequest(request), {
        authInfo: authInfoFor(caller),
        parsedBody: request.body,
      });
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') reply.header(name, value);
      });
      return reply.send(Buffer.from(await response.arrayBuffer()));
    },
  };
}
