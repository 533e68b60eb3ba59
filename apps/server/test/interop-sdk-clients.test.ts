import { toolNames } from '@comply/schemas';
import {
  Client as ClientV2,
  StreamableHTTPClientTransport as TransportV2,
} from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { connectMcp } from './mcp-client.js';
import { connectMcpV2 } from './mcp-client-v2.js';

/** The parts of a client both SDK generations share, as this test uses them. */
interface AnyClient {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(params: {
    name: string;
    arguments: Record<string, unknown>;
  }): Promise<{ structuredContent?: unknown }>;
  getServerVersion(): { name: string } | undefined;
  close(): Promise<void>;
}

/** The v2 client left at its default (no negotiation): the plain 2025 handshake. */
async function connectV2Legacy(server: TestServer): Promise<ClientV2> {
  const client = new ClientV2({ name: 'comply-test-v2-legacy', version: '1.0.0' });
  await client.connect(
    new TransportV2(new URL(`${server.url}/api/mcp/v1`), {
      requestInit: { headers: { Authorization: `Bearer ${server.owner.token}` } },
    }),
  );
  return client;
}

const CLIENTS: [
  label: string,
  era: 'legacy' | 'modern',
  connect: (server: TestServer) => Promise<AnyClient>,
][] = [
  ['v1 SDK client', 'legacy', (server) => connectMcp({ server }) as Promise<AnyClient>],
  ['v2 SDK client, no negotiation', 'legacy', (server) => connectV2Legacy(server) as Promise<AnyClient>],
  [
    'v2 SDK client, auto',
    'modern',
    (server) => connectMcpV2({ server, negotiation: 'auto' }) as Promise<AnyClient>,
  ],
  [
    'v2 SDK client, pinned 2026-07-28',
    'modern',
    (server) => connectMcpV2({ server, negotiation: 'pinned' }) as Promise<AnyClient>,
  ],
];

describe.each(DRIVERS)('official SDK clients of both generations on one endpoint (%s)', (driver) => {
  let server: TestServer;
  let riskId: string;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    riskId = (
      await server.call('addRisk', {
        organization_id: server.owner.organizationId,
        name: 'Shared laptop',
        inherent_likelihood: 3,
        inherent_impact: 4,
      })
    ).body.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(CLIENTS)('%s lists every tool and reads the same risk as REST', async (_label, era, connect) => {
    const client = await connect(server);
    try {
      if (client instanceof ClientV2) expect(client.getProtocolEra()).toBe(era);
      expect(client.getServerVersion()?.name).toBe('comply');
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...toolNames].sort());
      const args = { organization_id: server.owner.organizationId, id: riskId };
      const { structuredContent } = await client.callTool({ name: 'getRisk', arguments: args });
      expect(structuredContent).toEqual((await server.call('getRisk', args)).body);
    } finally {
      await client.close();
    }
  });
});
