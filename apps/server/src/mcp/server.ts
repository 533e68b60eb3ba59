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
import { registerPrompts } from './prompts/index.js';
import { registerOscalResources } from './resources.js';
import { RpcError } from './rpc-error.js';
import { toolCallParams } from './tool-call-params.js';
import { parseToolsets, toolListFor } from './tool-list.js';

const INSTRUCTIONS = [
  'Comply holds compliance registers: risks, vendors, measures (controls), obligations, nonconformities, audits, frameworks and assets (the information-asset inventory).',
  'Begin with listOrganizations, then pass its `id` as `organization_id` to every other tool; a record of an organization you cannot access is NOT_FOUND.',
  'Filter on the server with the list tools’ filters instead of fetching everything: filters combine with AND, an array filter matches any of its values, text filters ignore case.',
  'Lists are paged: pass `next_cursor` back as `cursor` with the same filters and order_by until it is null; `total_count` says how many records match. Get, add and update tools return a record as the list tools’ items show it.',
  'Add tools take an `idempotency_key`: a retry with the same key returns the first call’s record instead of a duplicate. Update tools change only the keys you send, `null` clears a field, and `expected_updated_at` (the updated_at you read) makes the call fail with CONFLICT instead of overwriting a newer change.',
  'For an overview use getComplianceReport; to prepare an audit use getAuditReadiness with a framework_id, and listFrameworkControls for a framework’s controls page by page.',
  'Errors come back as tool results with isError and a JSON body {error: {code, message, field}}: correct the named field and call again.',
].join(' ');

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
