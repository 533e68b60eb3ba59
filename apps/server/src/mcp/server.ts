import { toolNames, tools } from '@comply/schemas';
import type { Storage } from '@comply/storage';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  type CallToolResult,
  ListToolsRequestSchema,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { ToolCore } from '../core/tool-core.js';
import { callerFromAuthInfo } from './auth-info.js';
import { callTool } from './call-tool.js';
import { registerOscalResources } from './resources.js';
import { RpcError } from './rpc-error.js';
import { toolCallParams } from './tool-call-params.js';

const INSTRUCTIONS = [
  'Comply holds compliance registers: risks, vendors, measures (controls), obligations, nonconformities, audits, frameworks and assets (the information-asset inventory).',
  'Begin with listOrganizations, then pass its `id` as `organization_id` to every other tool.',
  'Filter on the server with the list tools’ filters (status sets, score ranges, date ranges, flags such as overdue or review_overdue) instead of fetching everything.',
  'Lists are paged: pass `next_cursor` back as `cursor` until it is null; `total_count` says how many records match.',
  'For an overview use getComplianceReport; to prepare an audit use getAuditReadiness with a framework_id, and listFrameworkControls for a framework’s controls page by page.',
  'Errors come back as tool results with isError and a JSON body {error: {code, message, field}}: correct the named field and call again.',
].join(' ');

/** The tools/list result, built once: the registry does not change while the process runs. */
function buildToolList(): { tools: Tool[] } {
  return {
    tools: toolNames.map((name) => {
      const tool = tools[name];
      return {
        name: tool.name,
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputJsonSchema as Tool['inputSchema'],
        outputSchema: tool.outputJsonSchema as Tool['outputSchema'],
        annotations: { title: tool.title, ...tool.annotations },
      };
    }),
  };
}

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
    { name: 'comply', title: 'Comply', version },
    { capabilities: { tools: { listChanged: false }, resources: {} }, instructions: INSTRUCTIONS },
  );
  const toolList = buildToolList();

  server.setRequestHandler(ListToolsRequestSchema, () => toolList);
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const call = toolCallParams({ params: request.params, core, toolCount: toolNames.length });
    if (call instanceof RpcError) throw call;
    return callTool({ core, caller: callerFromAuthInfo(extra.authInfo), ...call });
  });
  registerOscalResources({ server, storage });
  return server;
}
