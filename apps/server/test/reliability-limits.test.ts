import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { postMcp } from './mcp-client.js';
import { rowCounts } from './reliability/row-counts.js';

// biome-ignore lint/suspicious/noExplicitAny: replies are arbitrary JSON
const json = async (reply: Response): Promise<any> => reply.json();

const ODD_TEXT = [
  'a\u202Eevil',
  'e\u0301 combining',
  'family 👩‍👩‍👧 zwj',
  'zero\u200Bwidth',
  'rtl שלום',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
];

describe.each(DRIVERS)('request limits and odd bodies (%s)', (driver) => {
  let server: TestServer;
  const post = ({ path, body }: { path: string; body: string }) =>
    postMcp({ url: server.url, path, token: server.owner.token, body });
  const rpc = (args: string) =>
    `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"addRisk","arguments":${args}}}`;

  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(() => server?.stop());

  it('answers 413 PAYLOAD_TOO_LARGE to bodies over the limit on both transports, writing nothing', async () => {
    const before = await rowCounts(server.storage);
    const args = JSON.stringify({
      organization_id: server.owner.organizationId,
      name: 'x'.repeat(2_000_000),
    });
    for (const [path, body] of [
      ['/api/mcp/tools/addRisk', args],
      ['/api/mcp/v1', rpc(args)],
    ] as const) {
      const reply = await post({ path, body });
      expect(reply.status, path).toBe(413);
      expect((await json(reply)).error.code).toBe('PAYLOAD_TOO_LARGE');
    }
    expect(await rowCounts(server.storage)).toEqual(before);
  });

  it('refuses nesting 100,000 levels deep with 400 naming the field (REST) and isError (MCP)', async () => {
    const deep = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`;
    const args = `{"organization_id":"${server.owner.organizationId}","name":${deep}}`;
    const rest = await post({ path: '/api/mcp/tools/addRisk', body: args });
    expect(rest.status).toBe(400);
    expect((await json(rest)).error.field).toBe('name');
    const mcp = await json(await post({ path: '/api/mcp/v1', body: rpc(args) }));
    expect(mcp.result.isError).toBe(true);
    expect(JSON.parse(mcp.result.content[0].text).error.field).toBe('name');
  });

  it('refuses malformed JSON, non-object bodies and prototype keys with 400 INVALID_INPUT', async () => {
    const org = server.owner.organizationId;
    for (const body of [
      '{"name":',
      '[1,2]',
      '"text"',
      '42',
      `{"organization_id":"${org}","__proto__":{"x":1}}`,
    ]) {
      const reply = await post({ path: '/api/mcp/tools/listRisks', body });
      expect(reply.status, body).toBe(400);
      expect((await json(reply)).error.code, body).toBe('INVALID_INPUT');
    }
  });

  it('stores odd but well-formed Unicode exactly as sent', async () => {
    for (const name of ODD_TEXT) {
      const added = await server.call('addRisk', {
        organization_id: server.owner.organizationId,
        name,
        inherent_likelihood: 2,
        inherent_impact: 2,
      });
      expect(added.status).toBe(200);
      expect((await server.call('getRisk', { id: added.body.id })).body.name).toBe(name);
    }
  });

  it('refuses NUL characters and lone surrogates anywhere in the input, naming the field', async () => {
    const before = await rowCounts(server.storage);
    const org = server.owner.organizationId;
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'a\u0000b', inherent_likelihood: 1, inherent_impact: 1 }, 'name'],
      [{ name: 'ok', note: 'x\uD800', inherent_likelihood: 1, inherent_impact: 1 }, 'note'],
      [
        { name: 'ok', measure_ids: ['msr_\u0000'], inherent_likelihood: 1, inherent_impact: 1 },
        'measure_ids.0',
      ],
    ];
    for (const [input, field] of cases) {
      const reply = await server.call('addRisk', { organization_id: org, ...input });
      expect(reply.status).toBe(400);
      expect(reply.body.error.field).toBe(field);
    }
    const get = await server.call('getRisk', { id: 'risk_\u0000' });
    expect([get.status, get.body.error.field]).toEqual([400, 'id']);
    expect(await rowCounts(server.storage)).toEqual(before);
  });
});
