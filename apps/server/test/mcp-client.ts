import { toolNames, tools } from '@comply/schemas';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { isSelfAttestation } from '../src/core/self-attestation.js';
import type { TestServer } from './harness.js';

/** What a client rendering MCP Apps announces (the `io.modelcontextprotocol/ui` extension). */
export const UI_CAPABILITIES = {
  extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } },
};

/** The official SDK client, connected to `server` over Streamable HTTP with a Bearer header. */
export async function connectMcp({
  server,
  token,
  query = '',
  capabilities,
}: {
  server: TestServer;
  token?: string;
  /** Appended to the endpoint URL, e.g. `?toolsets=risks`. */
  query?: string;
  /** What the client announces beyond the defaults, e.g. the MCP Apps extension. */
  capabilities?: typeof UI_CAPABILITIES;
}): Promise<Client> {
  const client = new Client({ name: 'comply-test', version: '1.0.0' }, capabilities && { capabilities });
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp/v1${query}`), {
    requestInit: { headers: { Authorization: `Bearer ${token ?? server.owner.token}` } },
  });
  await client.connect(transport);
  return client;
}

/**
 * One raw POST as a Streamable HTTP client sends it: a Bearer token, a JSON content type and both
 * reply types accepted. `body` goes as it is when it is a string (a malformed or hand-written body),
 * else as JSON; `path` is the MCP endpoint unless named, `headers` add to or replace these.
 */
export function postMcp({
  url,
  token,
  body,
  path = '/api/mcp/v1',
  headers = {},
  signal,
}: {
  url: string;
  token: string;
  body: unknown;
  path?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    signal,
  });
}

/** Calls a tool and returns its structured output, failing on an error result. */
export async function callOk({
  client,
  name,
  args,
}: {
  client: Client;
  name: string;
  args: Record<string, unknown>;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of tool outputs
}): Promise<any> {
  const result = await client.callTool({ name, arguments: args });
  const text = (result.content as { type: string; text: string }[])[0]?.text ?? '';
  if (result.isError) throw new Error(`${name} failed: ${text}`);
  // The text content must be the same JSON as the structured content.
  if (JSON.stringify(JSON.parse(text)) !== JSON.stringify(result.structuredContent)) {
    throw new Error(`${name}: text content and structuredContent differ`);
  }
  return result.structuredContent;
}

/** Calls a tool that must fail and returns the error its text content holds. */
export async function callError(client: Client, name: string, args: Record<string, unknown>) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, `${name} should fail`).toBe(true);
  const text = (result.content as { text: string }[])[0]!.text;
  return (JSON.parse(text) as { error: { code: string; message: string; field?: string } }).error;
}

/** A tool call answering the tool's output, e.g. callOk in the caller's organization. */
// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of tool outputs
type ToolCall = (name: string, args: Record<string, unknown>) => Promise<any>;

/** Every item of a paged tool's `key` list: `args` for the first page, then each next_cursor. */
export async function everyItem({
  call,
  name,
  args,
  key,
}: {
  call: ToolCall;
  name: string;
  args: Record<string, unknown>;
  key: string;
}): Promise<unknown[]> {
  const items: unknown[] = [];
  let cursor: string | undefined;
  do {
    const page = await call(name, { ...args, ...(cursor ? { cursor } : {}) });
    items.push(...page[key]);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return items;
}

/** Every control code of a framework, read with listFrameworkControls a page of 100 at a time. */
export async function frameworkControlCodes({
  call,
  frameworkId,
}: {
  call: ToolCall;
  frameworkId: string;
}): Promise<string[]> {
  const controls = await everyItem({
    call,
    name: 'listFrameworkControls',
    args: { framework_id: frameworkId, page_size: 100 },
    key: 'controls',
  });
  return controls.map((c) => (c as { code: string }).code);
}

/** The MCP client calls a read-only check needs; the v1 and the v2 SDK clients both have them. */
interface ToolClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
}

/**
 * Expects a read-only token's client to list exactly the read tools and the self-attestations
 * (acknowledging a policy for oneself), and to be refused addRisk.
 */
export async function expectReadOnlyTools({
  client,
  organizationId,
}: {
  client: ToolClient;
  organizationId: string;
}): Promise<void> {
  const readTools = toolNames.filter((name) => tools[name].access === 'read' || isSelfAttestation(name));
  const { tools: listed } = await client.listTools();
  expect(listed.map((t) => t.name).sort()).toEqual([...readTools].sort());
  const refused = await client.callTool({
    name: 'addRisk',
    arguments: { organization_id: organizationId, name: 'x', inherent_likelihood: 1, inherent_impact: 1 },
  });
  expect(refused.isError).toBe(true);
  expect(JSON.stringify(refused.content)).toContain('FORBIDDEN');
}
