import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  CompleteRequestSchema,
  CompleteResultSchema,
  ErrorCode,
  GetPromptRequestSchema,
  GetPromptResultSchema,
  ListPromptsRequestSchema,
  ListPromptsResultSchema,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { UI_EXTENSION } from '../mcp/apps.js';
import type { BridgeConfig } from './mcp-config.js';
import { describeFailure, isRemoteRpcError, PassThroughError } from './mcp-errors.js';

/** A local MCP server whose tools are those of the remote Comply instance. */
export interface Bridge {
  server: Server;
  /** Closes the local server and the connection to the remote. */
  close(): Promise<void>;
}

/**
 * Forwards tools, prompts, completions and resources to the remote MCP endpoint, as they are: the
 * lists are the remote's own (so the bridge never disagrees with the instance it talks to), tool
 * results — isError ones included — and JSON-RPC errors pass through unchanged. Failures to reach
 * the remote become an isError result on tools/call and a JSON-RPC error on every other request.
 */
export function createBridge(a: { config: BridgeConfig; version: string; timeoutMs?: number }): Bridge {
  const { endpoint, token } = a.config;
  let remote: Promise<Client> | undefined;

  // Connected on first use, so the local client starts even while the instance is down; a failed
  // connection is retried on the next request.
  function connectRemote(): Promise<Client> {
    if (!remote) {
      const connecting = (async () => {
        // The local client's MCP Apps capability goes on to the instance, which then adds the views.
        const ui = server.getClientCapabilities()?.extensions?.[UI_EXTENSION];
        const client = new Client(
          { name: 'comply-mcp', version: a.version },
          ui ? { capabilities: { extensions: { [UI_EXTENSION]: ui } } } : undefined,
        );
        const transport = new StreamableHTTPClientTransport(endpoint, {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        });
        await client.connect(transport, { timeout: a.timeoutMs });
        return client;
      })();
      remote = connecting;
      connecting.catch(() => {
        if (remote === connecting) remote = undefined;
      });
    }
    return remote;
  }

  const server = new Server(
    { name: 'comply-mcp', version: a.version },
    {
      capabilities: {
        tools: {},
        prompts: {},
        completions: {},
        resources: {},
        extensions: { [UI_EXTENSION]: {} },
      },
      instructions: `Comply compliance tools, forwarded to ${endpoint.origin}. Call listOrganizations first; every other tool takes an organization_id from it.`,
    },
  );

  const forwarded = [
    [ListToolsRequestSchema, 'tools/list', ListToolsResultSchema],
    [ListPromptsRequestSchema, 'prompts/list', ListPromptsResultSchema],
    [GetPromptRequestSchema, 'prompts/get', GetPromptResultSchema],
    [CompleteRequestSchema, 'completion/complete', CompleteResultSchema],
    [ListResourcesRequestSchema, 'resources/list', ListResourcesResultSchema],
    [ListResourceTemplatesRequestSchema, 'resources/templates/list', ListResourceTemplatesResultSchema],
    [ReadResourceRequestSchema, 'resources/read', ReadResourceResultSchema],
  ] as const;
  for (const [requestSchema, method, resultSchema] of forwarded) {
    server.setRequestHandler(requestSchema, async (request, extra) => {
      try {
        const client = await connectRemote();
        return await client.request({ method, params: request.params }, resultSchema, {
          signal: extra.signal,
          timeout: a.timeoutMs,
        });
      } catch (error) {
        if (isRemoteRpcError(error)) throw new PassThroughError(error);
        throw Object.assign(new Error(describeFailure({ error, endpoint })), {
          code: ErrorCode.InternalError,
        });
      }
    });
  }

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    try {
      const client = await connectRemote();
      return await client.request({ method: 'tools/call', params: request.params }, CallToolResultSchema, {
        signal: extra.signal,
        timeout: a.timeoutMs,
      });
    } catch (error) {
      if (isRemoteRpcError(error)) throw new PassThroughError(error);
      return {
        isError: true,
        content: [{ type: 'text' as const, text: describeFailure({ error, endpoint }) }],
      };
    }
  });

  return {
    server,
    async close() {
      const client = await remote?.catch(() => undefined);
      await Promise.allSettled([server.close(), client?.close()]);
    },
  };
}
