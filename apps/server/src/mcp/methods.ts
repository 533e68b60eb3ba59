import { toolNames } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import type { Server as LegacyServer } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { Server as ModernServer } from '@modelcontextprotocol/server';
import type { Caller } from '../core/caller.js';
import type { ToolCore } from '../core/tool-core.js';
import { OSCAL_RESOURCE_TEMPLATES, OSCAL_RESOURCES } from '../oscal/resources.js';
import { announcesUi, UI_EXTENSION, UI_RESOURCES, uiFromSessionId } from './apps.js';
import { callerFromAuthInfo } from './auth-info.js';
import { callTool } from './call-tool.js';
import { completePromptArgument } from './prompts/completions.js';
import { getPrompt, listPrompts } from './prompts/get-prompt.js';
import { RESOURCE_NOT_FOUND, readResource } from './resources.js';
import { RpcError } from './rpc-error.js';
import { toolCallParams } from './tool-call-params.js';
import { parseToolsets, toolListFor } from './tool-list.js';

/** The protocol era of a request: 2025 (initialize handshake, SDK v1) or 2026-07-28 (envelope, SDK v2). */
export type Era = 'legacy' | 'modern';

/** What a method answers for: the authenticated caller, the request's URL (`?toolsets=`, icon origin), the era. */
export interface MethodContext {
  caller: Caller;
  /** Built from the checked Host header; the route has validated `toolsets`. */
  url: URL | undefined;
  era: Era;
  /** Whether the client announced MCP Apps (apps.ts): only then tools carry `_meta.ui` and views are listed. */
  ui?: boolean;
}

/** The capabilities both eras declare: exactly the methods of the table. */
export const CAPABILITIES = {
  tools: { listChanged: false },
  resources: {},
  prompts: { listChanged: false },
  completions: {},
  extensions: { [UI_EXTENSION]: {} },
};

/** What is used of the SDK v1's zod schema of a request (see request-params.ts). */
export interface RequestSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export interface Method {
  /**
   * The 2025-era SDK's schema of the whole request: the v1 server dispatches by it, and the route
   * checks params with it first (request-params.ts) so that a bad field gets -32602 naming it.
   */
  schema: RequestSchema;
  /** The result, or a thrown RpcError; the same function answers both eras. */
  handle(params: Record<string, unknown>, context: MethodContext): unknown;
}

type Params = Record<string, unknown>;

/**
 * Every MCP method the server implements, once, for both eras: `installLegacy` puts the table on
 * the one SDK v1 server (2025 era), `installModern` on each request's SDK v2 server (2026-07-28),
 * and the route's tools/call fast path (tool-calls.ts) calls the same `tools/call` entry. The
 * protocol's own methods — initialize, server/discover, ping, notifications — stay with each
 * SDK, which implements them per revision.
 */
export function createMethodTable({ core, storage }: { core: ToolCore; storage: Storage }) {
  const table = {
    'tools/list': {
      schema: ListToolsRequestSchema,
      handle: (_params: Params, { caller, url, ui }: MethodContext) =>
        toolListFor({
          caller,
          toolsets: parseToolsets(url?.searchParams.get('toolsets') ?? undefined).toolsets,
          origin: url?.origin ?? '',
          ui: ui ?? false,
        }),
    },
    'tools/call': {
      schema: CallToolRequestSchema,
      handle: (params: unknown, { caller }: MethodContext): Promise<CallToolResult> => {
        const call = toolCallParams({ params, core, toolCount: toolNames.length });
        if (call instanceof RpcError) throw call;
        return callTool({ core, caller, ...call });
      },
    },
    'resources/list': {
      schema: ListResourcesRequestSchema,
      handle: (_params: Params, { ui }: MethodContext) => ({
        resources: ui ? [...OSCAL_RESOURCES, ...UI_RESOURCES] : OSCAL_RESOURCES,
      }),
    },
    'resources/templates/list': {
      schema: ListResourceTemplatesRequestSchema,
      handle: () => ({ resourceTemplates: OSCAL_RESOURCE_TEMPLATES }),
    },
    'resources/read': {
      schema: ReadResourceRequestSchema,
      handle: (params: Params, { caller, era }: MethodContext) =>
        readResource({ storage, caller, uri: params.uri as string, notFoundCode: RESOURCE_NOT_FOUND[era] }),
    },
    'prompts/list': { schema: ListPromptsRequestSchema, handle: () => listPrompts() },
    'prompts/get': {
      schema: GetPromptRequestSchema,
      handle: (params: Params, { caller }: MethodContext) =>
        getPrompt({
          name: params.name as string,
          args: params.arguments as Record<string, string> | undefined,
          caller,
          storage,
        }),
    },
    'completion/complete': {
      schema: CompleteRequestSchema,
      handle: (params: Params, { caller }: MethodContext) =>
        completePromptArgument({
          ref: params.ref as { type: string; name?: string },
          argument: params.argument as { name: string; value: string },
          context: params.context as { arguments?: Record<string, string> } | undefined,
          caller,
          storage,
        }),
    },
  } satisfies Record<string, Method>;
  return table as typeof table & Readonly<Record<string, Method>>;
}

export type MethodTable = ReturnType<typeof createMethodTable>;

type Handler = (request: { params?: Params }, extra: unknown) => unknown;

/** The table on the 2025-era SDK v1 server; the caller and URL travel in each request's extra. */
export function installLegacy({ server, table }: { server: LegacyServer; table: MethodTable }) {
  const register = server.setRequestHandler.bind(server) as unknown as (
    schema: RequestSchema,
    handler: Handler,
  ) => void;
  for (const method of Object.values(table)) {
    register(method.schema, (request, extra) => {
      const { authInfo, requestInfo } = extra as Parameters<
        Parameters<LegacyServer['setRequestHandler']>[1]
      >[1];
      return method.handle(request.params ?? {}, {
        caller: callerFromAuthInfo(authInfo),
        url: requestInfo?.url,
        era: 'legacy',
        ui: uiFromSessionId(requestInfo?.headers['mcp-session-id']),
      });
    });
  }
}

/** The table on one 2026-07-28 request's SDK v2 server, for the caller of that request. */
export function installModern({
  server,
  table,
  context,
}: {
  server: ModernServer;
  table: MethodTable;
  context: () => MethodContext;
}) {
  const register = server.setRequestHandler.bind(server) as unknown as (
    name: string,
    handler: Handler,
  ) => void;
  for (const [name, method] of Object.entries(table)) {
    register(name, (request) =>
      // The SDK seeds the client's capabilities from the request's envelope.
      method.handle(request.params ?? {}, { ...context(), ui: announcesUi(server.getClientCapabilities()) }),
    );
  }
}
