import { toolNames } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolCore } from '../core/tool-core.js';
import { callerFromAuthInfo } from './auth-info.js';
import { callTool } from './call-tool.js';
import { serverIcon } from './icons.js';
import { INSTRUCTIONS } from './instructions.js';
import { registerPrompts } from './prompts/index.js';
import { registerOscalResources } from './resources.js';
import { RpcError } from './rpc-error.js';
import { toolCallParams } from './tool-call-params.js';
import { parseToolsets, toolListFor } from './tool-list.js';

/** One SDK `Server` for the whole process; every request reaches it through the multiplex transport. */
export function createMcpServer({
  core,
  version,
  storage,
}: {
  core: ToolCore;
  version: string;
  storage: Storage;
}): Server {
  const server = new Server(
    { name: 'comply', title: 'Comply', version, icons: [serverIcon] },
    {
      capabilities: {
        tools: { listChanged: false },
        resources: {},
        prompts: { listChanged: false },
        completions: {},
      },
      instructions: INSTRUCTIONS,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, (_request, extra) => {
    // The route has validated `toolsets` and built the URL from the checked Host.
    const url = extra.requestInfo?.url;
    return toolListFor({
      caller: callerFromAuthInfo(extra.authInfo),
      toolsets: parseToolsets(url?.searchParams.get('toolsets') ?? undefined).toolsets,
      origin: url?.origin ?? '',
    });
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const call = toolCallParams({ params: request.params, core, toolCount: toolNames.length });
    if (call instanceof RpcError) throw call;
    return callTool({ core, caller: callerFromAuthInfo(extra.authInfo), ...call });
  });
  registerOscalResources({ server, storage });
  registerPrompts({ server, storage });
  return server;
}
