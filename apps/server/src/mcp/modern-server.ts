import { toolNames } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import {
  type ListToolsResult,
  type McpRequestContext,
  Server,
  type ServerCapabilities,
} from '@modelcontextprotocol/server';
import type { Caller } from '../core/caller.js';
import type { ToolCore } from '../core/tool-core.js';
import { OSCAL_RESOURCE_TEMPLATES, OSCAL_RESOURCES } from '../oscal/resources.js';
import { callerFromAuthInfo } from './auth-info.js';
import { callTool } from './call-tool.js';
import { serverIcon } from './icons.js';
import { INSTRUCTIONS } from './instructions.js';
import { RESOURCE_NOT_FOUND, readResource } from './resources.js';
import { RpcError } from './rpc-error.js';
import { toolCallParams } from './tool-call-params.js';
import { parseToolsets, toolListFor } from './tool-list.js';

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
 * request, bound to the caller the HTTP layer authenticated. Every handler is the same function the
 * 2025-era server uses, so the two eras cannot answer differently: tools run through the tool core,
 * tools/list is built per caller and `?toolsets=`, resources are read within the caller's
 * organizations. The SDK adds what the revision requires (server/discover, `resultType`, cache
 * hints, the `_meta` envelope and header checks).
 */
export function modernServerFactory({
  core,
  version,
  storage,
  capabilities = {},
  extend,
}: {
  core: ToolCore;
  version: string;
  storage: Storage;
  /** Capabilities beyond tools and resources that `extend` serves (e.g. prompts, completions). */
  capabilities?: ServerCapabilities;
  /** Registers further handlers on each request's server, for the caller of that request. */
  extend?: (args: { server: Server; caller: () => Caller; storage: Storage }) => void;
}) {
  return ({ authInfo, requestInfo }: McpRequestContext): Server => {
    const server = new Server(modernServerInfo({ version }), {
      capabilities: { tools: { listChanged: false }, resources: {}, ...capabilities },
      instructions: INSTRUCTIONS,
      supportedProtocolVersions: MODERN_PROTOCOL_VERSIONS,
      cacheHints: {
        'server/discover': PRIVATE_MINUTES(60),
        'tools/list': PRIVATE_MINUTES(5),
        'resources/list': PRIVATE_MINUTES(5),
        'resources/templates/list': PRIVATE_MINUTES(5),
      },
    });
    // The route has authenticated every POST before the SDK sees it.
    const caller = () => callerFromAuthInfo(authInfo as Parameters<typeof callerFromAuthInfo>[0]);
    // The route has validated `toolsets` and the Host header the URL was built from.
    const url = requestInfo ? new URL(requestInfo.url) : undefined;
    server.setRequestHandler(
      'tools/list',
      // The same JSON as the 2025 era's list; only the SDK versions type its schemas differently.
      () =>
        toolListFor({
          caller: caller(),
          toolsets: parseToolsets(url?.searchParams.get('toolsets') ?? undefined).toolsets,
          origin: url?.origin ?? '',
        }) as unknown as ListToolsResult,
    );
    server.setRequestHandler('tools/call', async (request) => {
      const call = toolCallParams({ params: request.params, core, toolCount: toolNames.length });
      if (call instanceof RpcError) throw call;
      return callTool({ core, caller: caller(), ...call });
    });
    server.setRequestHandler('resources/list', () => ({ resources: OSCAL_RESOURCES }));
    server.setRequestHandler('resources/templates/list', () => ({
      resourceTemplates: OSCAL_RESOURCE_TEMPLATES,
    }));
    server.setRequestHandler('resources/read', (request) =>
      readResource({
        storage,
        caller: caller(),
        uri: request.params.uri,
        notFoundCode: RESOURCE_NOT_FOUND.modern,
      }),
    );
    extend?.({ server, caller, storage });
    return server;
  };
}
