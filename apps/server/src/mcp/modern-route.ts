import { SUPPORTED_PROTOCOL_VERSIONS as LEGACY_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { createMcpHandler, isLegacyRequest } from '@modelcontextprotocol/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../core/caller.js';
import { authInfoFor } from './auth-info.js';
import type { modernServerFactory } from './modern-server.js';

// The `_meta` key every 2026-07-28 request carries (its "envelope claim").
const PROTOCOL_VERSION_META = 'io.modelcontextprotocol/protocolVersion';

function hasEnvelope(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  const meta = (message as { params?: { _meta?: unknown } }).params?._meta;
  return typeof meta === 'object' && meta !== null && PROTOCOL_VERSION_META in meta;
}

/**
 * Cheap first look, so 2025-era traffic pays nothing: only a request with a `_meta` envelope or a
 * protocol-version header the 2025 server does not know can be 2026-era. The SDK's own
 * classification (`isLegacyRequest`) then decides.
 */
function mayBeModern(request: FastifyRequest): boolean {
  const version = request.headers['mcp-protocol-version'];
  if (typeof version === 'string' && !LEGACY_PROTOCOL_VERSIONS.includes(version)) return true;
  const body = request.body;
  return Array.isArray(body) ? body.some(hasEnvelope) : hasEnvelope(body);
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

/**
 * The 2026-07-28 era on the MCP endpoint: the v2 SDK's `createMcpHandler` (strict: 2025-era
 * requests never reach it) behind the same authentication, Host/Origin checks and rate limit as
 * the 2025 era. `answer` returns false when the request is 2025-era, for the 2025 route to serve.
 */
export function createModernEra(factory: ReturnType<typeof modernServerFactory>) {
  const handler = createMcpHandler(factory, { legacy: 'reject', responseMode: 'auto' });
  return {
    close: () => handler.close(),
    async answer({
      request,
      reply,
      caller,
    }: {
      request: FastifyRequest;
      reply: FastifyReply;
      caller: Caller;
    }): Promise<boolean> {
      if (!mayBeModern(request)) return false;
      const web = webRequest(request);
      if (await isLegacyRequest(web, request.body)) return false;
      const response = await handler.fetch(web, {
        authInfo: authInfoFor(caller),
        parsedBody: request.body,
      });
      reply.code(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'content-length') reply.header(name, value);
      });
      await reply.send(Buffer.from(await response.arrayBuffer()));
      return true;
    },
  };
}
