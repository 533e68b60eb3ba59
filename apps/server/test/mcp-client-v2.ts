import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import type { TestServer } from './harness.js';

/** How the v2 client picks its era: pinned to 2026-07-28, or probing with server/discover. */
export type Negotiation = 'pinned' | 'auto';

/** The official v2 SDK client (`@modelcontextprotocol/client`), over Streamable HTTP with a Bearer header. */
export async function connectMcpV2({
  server,
  negotiation,
  token,
  query = '',
}: {
  server: TestServer;
  negotiation: Negotiation;
  token?: string;
  /** Appended to the endpoint URL, e.g. `?toolsets=risks`. */
  query?: string;
}): Promise<Client> {
  const client = new Client(
    { name: 'comply-test-v2', version: '1.0.0' },
    { versionNegotiation: { mode: negotiation === 'auto' ? 'auto' : { pin: '2026-07-28' } } },
  );
  const transport = new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp/v1${query}`), {
    requestInit: { headers: { Authorization: `Bearer ${token ?? server.owner.token}` } },
  });
  await client.connect(transport);
  return client;
}
