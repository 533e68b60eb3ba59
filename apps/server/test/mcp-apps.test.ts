import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { seedDemo } from '@comply/storage';
import { Client as ClientV2 } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { connectMcp, postMcp, UI_CAPABILITIES } from './mcp-client.js';
import { connectMcpV2 } from './mcp-client-v2.js';

const VIEW_TOOLS: Record<string, string> = {
  getAuditReadiness: 'ui://comply/readiness',
  listRisks: 'ui://comply/risk-heat-map',
  getStatementOfApplicability: 'ui://comply/soa',
  getComplianceReport: 'ui://comply/attention',
};
const MIME = 'text/html;profile=mcp-app';
/** The size budget of one view: the SDK's App class and its protocol schemas are most of it. */
const VIEW_MAX_BYTES = 260_000;
const VIEW_MAX_GZIP_BYTES = 70_000;

interface Lister {
  listTools(): Promise<{ tools: { name: string; _meta?: Record<string, unknown> }[] }>;
  listResources(): Promise<{ resources: { uri: string; mimeType?: string }[] }>;
  readResource(p: { uri: string }): Promise<{ contents: Record<string, unknown>[] }>;
  callTool(p: { name: string; arguments: Record<string, unknown> }): Promise<Record<string, unknown>>;
}

async function viewMeta(client: Lister) {
  const { tools } = await client.listTools();
  return Object.fromEntries(tools.filter((t) => t._meta).map((t) => [t.name, t._meta]));
}

async function uiResources(client: Lister) {
  const { resources } = await client.listResources();
  return resources.filter((r) => r.uri.startsWith('ui://')).map((r) => [r.uri, r.mimeType]);
}

const expectedMeta = Object.fromEntries(
  Object.entries(VIEW_TOOLS).map(([tool, uri]) => [
    tool,
    { ui: { resourceUri: uri }, 'ui/resourceUri': uri },
  ]),
);

describe.each(DRIVERS)(
  'MCP Apps: views for clients that announce them, nothing for others (%s)',
  (driver) => {
    let server: TestServer;
    let org: string;
    const clients: { close(): Promise<void> }[] = [];
    const keep = <T extends { close(): Promise<void> }>(c: T) => {
      clients.push(c);
      return c;
    };

    beforeAll(async () => {
      server = await startTestServer({ driver });
      org = (await seedDemo({ storage: server.storage, ownerUserId: server.owner.userId })).organizationId;
    });
    afterAll(async () => {
      for (const c of clients) await c.close();
      await server?.stop();
    });

    it('2025 era: a client announcing the extension gets _meta.ui and the ui:// resources; a plain one neither', async () => {
      const plain = keep(await connectMcp({ server }));
      const ui = keep(await connectMcp({ server, capabilities: UI_CAPABILITIES }));
      expect(await viewMeta(plain)).toEqual({});
      expect(await uiResources(plain)).toEqual([]);
      expect(await viewMeta(ui)).toEqual(expectedMeta);
      expect(await uiResources(ui)).toEqual(Object.values(VIEW_TOOLS).map((uri) => [uri, MIME]));
      expect(ui.getServerCapabilities()?.extensions).toEqual({ 'io.modelcontextprotocol/ui': {} });
    });

    it('2025 era: only an initialize announcing the HTML profile gets the marker session id', async () => {
      const initialize = (capabilities: object) =>
        postMcp({
          url: server.url,
          token: server.owner.token,
          body: {
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: { protocolVersion: '2025-11-25', capabilities, clientInfo: { name: 't', version: '1' } },
          },
        });
      expect((await initialize(UI_CAPABILITIES)).headers.get('mcp-session-id')).toMatch(/^ui-[0-9a-f-]{36}$/);
      expect((await initialize({})).headers.get('mcp-session-id')).toBeNull();
      const otherProfile = { extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/plain'] } } };
      expect((await initialize(otherProfile)).headers.get('mcp-session-id')).toBeNull();
    });

    it('2026-07-28 era: the capability in each request decides, the same way', async () => {
      const plain = keep(await connectMcpV2({ server, negotiation: 'pinned' }));
      const ui = new ClientV2(
        { name: 'comply-test-v2-ui', version: '1.0.0' },
        { capabilities: UI_CAPABILITIES, versionNegotiation: { mode: { pin: '2026-07-28' } } },
      );
      const { StreamableHTTPClientTransport } = await import('@modelcontextprotocol/client');
      await ui.connect(
        new StreamableHTTPClientTransport(new URL(`${server.url}/api/mcp/v1`), {
          requestInit: { headers: { Authorization: `Bearer ${server.owner.token}` } },
        }),
      );
      keep(ui);
      expect(await viewMeta(plain as unknown as Lister)).toEqual({});
      expect(await uiResources(plain as unknown as Lister)).toEqual([]);
      expect(await viewMeta(ui as unknown as Lister)).toEqual(expectedMeta);
      expect(await uiResources(ui as unknown as Lister)).toHaveLength(4);
    });

    it('gives both kinds of client the same tool results', async () => {
      const plain = keep(await connectMcp({ server }));
      const ui = keep(await connectMcp({ server, capabilities: UI_CAPABILITIES }));
      const args = { organization_id: org, page_size: 10 };
      const a = await plain.callTool({ name: 'listRisks', arguments: args });
      const b = await ui.callTool({ name: 'listRisks', arguments: args });
      expect(b).toEqual(a);
    });

    it('serves each view self-contained, within its size budget, with an empty CSP in _meta.ui.csp', async () => {
      const ui = keep(await connectMcp({ server, capabilities: UI_CAPABILITIES }));
      for (const uri of Object.values(VIEW_TOOLS)) {
        const { contents } = await ui.readResource({ uri });
        expect(contents).toHaveLength(1);
        const view = contents[0] as { uri: string; mimeType: string; text: string; _meta: unknown };
        expect(view).toMatchObject({
          uri,
          mimeType: MIME,
          _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
        });
        const bytes = Buffer.byteLength(view.text);
        const gzip = gzipSync(view.text).length;
        console.log(`${uri}: ${bytes} bytes, ${gzip} gzipped`);
        expect(bytes).toBeLessThanOrEqual(VIEW_MAX_BYTES);
        expect(gzip).toBeLessThanOrEqual(VIEW_MAX_GZIP_BYTES);
        // Nothing to load: no external script, style sheet, image or frame.
        expect(view.text).not.toMatch(/<(script|link|img|iframe)\b[^>]*\b(src|href)=/i);
        const css = /<style>([^<]*)<\/style>/.exec(view.text)?.[1] ?? '';
        expect(css).not.toMatch(/@import|url\(/i);
        expect(view.text).toMatch(/^<!doctype html>\n<html lang="en" data-write="[^"]*">/);
      }
    });

    it('names the organizations the caller may write in, and none for a read-only token', async () => {
      const writer = keep(await connectMcp({ server, capabilities: UI_CAPABILITIES }));
      const html = async (client: Client) =>
        ((await client.readResource({ uri: 'ui://comply/soa' })).contents[0] as { text: string }).text;
      const written = /data-write="([^"]*)"/.exec(await html(writer))![1]!.split(' ');
      expect(written.sort()).toEqual([org, server.owner.organizationId].sort());
      const { token } = await server.createToken({ userId: server.owner.userId, scope: 'READ' });
      const reader = keep(await connectMcp({ server, token, capabilities: UI_CAPABILITIES }));
      expect(await html(reader)).toMatch(/^<!doctype html>\n<html lang="en" data-write="">/);
      const viewer = await server.addMember({ organizationId: org, role: 'VIEWER' });
      const viewing = keep(await connectMcp({ server, token: viewer.token, capabilities: UI_CAPABILITIES }));
      expect(/data-write="([^"]*)"/.exec(await html(viewing))![1]).toBe(
        viewer.organizationId === org ? '' : org,
      );
    });

    it('refuses an unknown view naming the ones there are', async () => {
      const ui = keep(await connectMcp({ server, capabilities: UI_CAPABILITIES }));
      await expect(ui.readResource({ uri: 'ui://comply/nothing' })).rejects.toThrow(
        /No view ui:\/\/comply\/nothing; views: ui:\/\/comply\/readiness, /,
      );
    });
  },
);

describe('MCP Apps through comply mcp (stdio)', () => {
  let server: TestServer;
  let client: Client;
  beforeAll(async () => {
    server = await startTestServer({ driver: 'pglite' });
    const run = fileURLToPath(new URL('../src/cli/run.ts', import.meta.url));
    client = new Client({ name: 'apps-stdio', version: '1.0.0' }, { capabilities: UI_CAPABILITIES });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--conditions=@comply/source', '--import', 'tsx', run, 'mcp'],
        env: { PATH: process.env.PATH ?? '', COMPLY_URL: server.url, COMPLY_API_TOKEN: server.owner.token },
        cwd: fileURLToPath(new URL('../../../', import.meta.url)),
        stderr: 'pipe',
      }),
      { timeout: 60_000 },
    );
  }, 90_000);
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  it("passes the local client's capability on: views listed and served", async () => {
    expect(await viewMeta(client)).toEqual(expectedMeta);
    const { contents } = await client.readResource({ uri: 'ui://comply/readiness' });
    expect(contents[0]).toMatchObject({ mimeType: MIME, _meta: { ui: { csp: { connectDomains: [] } } } });
  }, 60_000);
});
