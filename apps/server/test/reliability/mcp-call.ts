import { postMcp } from '../mcp-client.js';

/** A tool call over MCP as one raw JSON-RPC `tools/call`; returns the reply as the REST path would. */
export async function mcpToolCall({
  url,
  token,
  tool,
  input,
}: {
  url: string;
  token: string;
  tool: string;
  input: unknown;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of tool outputs
}): Promise<{ status: number; isError: boolean; body: any }> {
  const response = await postMcp({
    url,
    token,
    body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: input } },
  });
  const text = await response.text();
  if (response.status !== 200)
    return { status: response.status, isError: true, body: text ? JSON.parse(text) : undefined };
  const reply = JSON.parse(text);
  const result = reply.result ?? {};
  const content = result.content?.[0]?.text;
  return { status: 200, isError: Boolean(result.isError), body: content ? JSON.parse(content) : reply };
}
