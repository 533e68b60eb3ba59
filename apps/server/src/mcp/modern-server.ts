import { type McpRequestContext, Server } from '@modelcontextprotocol/server';
import { callerFromAuthInfo } from './auth-info.js';
import { serverIcon } from './icons.js';
import { INSTRUCTIONS } from './instructions.js';
import { CAPABILITIES, installModern, type MethodTable } from './methods.js';

/** The 2026-07-28 revisions served; 2025-era traffic goes to the one SDK v1 server (mcp/server.ts). */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'];

/** The server's name, title, version and icon, as server/discover and every result's `_meta` carry it. */
export function modernServerInfo({ version }: { version: string }) {
  return { name: 'comply', title: 'Comply', version, icons: [serverIcon] };
}

// The tool list depends on the token (read-only tokens get no add/update tools) and changes only
// with a new server version: a client may keep it for a while, but only for itself.
const PRIVATE_MINUTES = (minutes: number) => ({ ttlMs: minutes * 60_000, cacheScope: 'private' as const });

/**
 * A factory for the 2026-07-28 era (v2 SDK, `createMcpHandler`): one low-level `Server` per HTTP
 * request, serving the same method table (methods.ts) as the 2025-era server for the caller the
 * HTTP layer authenticated, so the two eras cannot answer differently. The SDK adds what the
 * revision requires (server/discover, `resultType`, cache hints, the `_meta` envelope and header
 * checks).
 */
export function modernServerFactory({ table, version }: { table: MethodTable; version: string }) {
  return ({ authInfo, requestInfo }: McpRequestContext): Server => {
    const server = new Server(modernServerInfo({ version }), {
      capabilities: CAPABILITIES,
      instructions: INSTRUCTIONS,
      supportedProtocolVersions: MODERN_PROTOCOL_VERSIONS,
      cacheHints: {
        'server/discover': PRIVATE_MINUTES(60),
        'tools/list': PRIVATE_MINUTES(5),
        'resources/list': PRIVATE_MINUTES(5),
        'resources/templates/list': PRIVATE_MINUTES(5),
      },
    });
    // The route has authenticated every POST and checked the Host header the URL was built from.
    const url = requestInfo ? new URL(requestInfo.url) : undefined;
    installModern({
      server,
      table,
      context: () => ({
        caller: callerFromAuthInfo(authInfo as Parameters<typeof callerFromAuthInfo>[0]),
        url,
        era: 'modern',
      }),
    });
    return server;
  };
}
