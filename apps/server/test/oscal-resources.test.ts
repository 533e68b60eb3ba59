import { validateOscal } from '@comply/oscal';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, useTestServer } from './harness.js';
import { connectMcp } from './mcp-client.js';

/** The text of a resource's first content (Comply serves text, never blobs). */
const textOf = (content: object | undefined) => String(content && 'text' in content ? content.text : '');

describe.each(DRIVERS)('OSCAL resources over MCP with the SDK client (%s)', (driver) => {
  const server = useTestServer({ driver });
  let client: Client;
  let org: string;
  let framework: string;

  beforeAll(async () => {
    org = server.owner.organizationId;
    framework = (await server.call('addFramework', { organization_id: org, library_key: 'iso-27001-2022' }))
      .body.id;
    client = await connectMcp({ server });
  });
  afterAll(async () => {
    await client?.close();
  });

  it('lists the library resource and the OSCAL template', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(['comply://library']);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'comply://organizations/{organization_id}/oscal/{model}',
    ]);
  });

  it('reads the library and a schema-valid catalog as application/json', async () => {
    const library = await client.readResource({ uri: 'comply://library' });
    const entries = JSON.parse(textOf(library.contents[0])).entries;
    expect(entries.map((e: { key: string }) => e.key)).toContain('iso-27001-2022');
    const uri = `comply://organizations/${org}/oscal/catalog?framework_id=${framework}`;
    const read = await client.readResource({ uri });
    expect(read.contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
    const document = JSON.parse(textOf(read.contents[0]));
    expect(validateOscal(document)).toMatchObject({ ok: true, model: 'catalog' });
  });

  it("refuses another organization's documents and unknown models", async () => {
    const stranger = await server.addMember();
    const other = await connectMcp({ server, token: stranger.token });
    try {
      await expect(
        other.readResource({ uri: `comply://organizations/${org}/oscal/catalog?framework_id=${framework}` }),
      ).rejects.toThrow(/not found/i);
      await expect(
        other.readResource({
          uri: `comply://organizations/${stranger.organizationId}/oscal/catalog?framework_id=${framework}`,
        }),
      ).rejects.toThrow(/No framework/);
    } finally {
      await other.close();
    }
    await expect(client.readResource({ uri: `comply://organizations/${org}/oscal/profile` })).rejects.toThrow(
      /Unknown model/,
    );
  });
});
