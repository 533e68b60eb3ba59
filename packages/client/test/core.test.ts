import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComplyConnectionError, ComplyError, createClient } from '../src/index.gen.js';

// Transport behaviour that needs no Comply server; the tools themselves are tested against a real
// server in apps/server/test/client-*.test.ts.

const token = 'comply_pat_unit';

function fakeFetch(bodies: unknown[]): { fetch: typeof fetch; inputs: unknown[] } {
  const inputs: unknown[] = [];
  return {
    inputs,
    fetch: async (_url, init) => {
      inputs.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(bodies.shift()), { status: 200 });
    },
  };
}

describe('createClient options', () => {
  it('refuses a token with stray whitespace before sending anything', () => {
    for (const bad of [' comply_pat_x', 'comply_pat_x\n', 'comply pat', ''])
      expect(() => createClient({ baseUrl: 'http://127.0.0.1:8787', token: bad })).toThrow(TypeError);
  });

  it('refuses a base address without scheme, or one that is the MCP endpoint', () => {
    expect(() => createClient({ baseUrl: 'comply.example.com', token })).toThrow(/http:\/\/ or https:\/\//);
    expect(() => createClient({ baseUrl: 'https://comply.example.com/api/mcp/v1', token })).toThrow(
      /"https:\/\/comply.example.com"/,
    );
  });

  it('posts to {baseUrl}/api/mcp/tools/{name} with the Bearer token through the given fetch', async () => {
    const seen: { url: string; auth: string | null }[] = [];
    const client = createClient({
      baseUrl: 'https://comply.example.com/',
      token,
      fetch: async (url, init) => {
        seen.push({ url: String(url), auth: new Headers(init?.headers).get('authorization') });
        return new Response('{"organizations":[],"next_cursor":null,"total_count":0}');
      },
    });
    await client.listOrganizations();
    expect(seen).toEqual([
      { url: 'https://comply.example.com/api/mcp/tools/listOrganizations', auth: `Bearer ${token}` },
    ]);
  });
});

describe('answers that are not tool outputs', () => {
  it('turns a 2xx answer that is not JSON into INVALID_RESPONSE', async () => {
    const client = createClient({
      baseUrl: 'http://127.0.0.1:1',
      token,
      fetch: async () => new Response('<html>console</html>', { status: 200 }),
    });
    await expect(client.listOrganizations()).rejects.toMatchObject({ code: 'INVALID_RESPONSE', status: 200 });
  });

  it('keeps the status of an error answer without a JSON body', async () => {
    const client = createClient({
      baseUrl: 'http://127.0.0.1:1',
      token,
      fetch: async () => new Response('Bad Gateway', { status: 502 }),
    });
    const error = await client.listOrganizations().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ComplyError);
    expect(error).toMatchObject({ code: 'HTTP_502', status: 502, message: 'Bad Gateway' });
  });
});

describe('page iteration', () => {
  it('passes each next_cursor back with the same filters', async () => {
    const { fetch, inputs } = fakeFetch([
      { organizations: [{ id: 'a' }], next_cursor: 'c1', total_count: 2 },
      { organizations: [{ id: 'b' }], next_cursor: null, total_count: 2 },
    ]);
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', token, fetch });
    const ids: string[] = [];
    for await (const org of client.iterate.listOrganizations({ query: 'acme' })) ids.push(org.id);
    expect(ids).toEqual(['a', 'b']);
    expect(inputs).toEqual([{ query: 'acme' }, { query: 'acme', cursor: 'c1' }]);
  });

  it('stops with PAGINATION_LOOP when a cursor comes back twice', async () => {
    const page = { organizations: [], next_cursor: 'same', total_count: 0 };
    const { fetch } = fakeFetch([page, page, page]);
    const client = createClient({ baseUrl: 'http://127.0.0.1:1', token, fetch });
    const pages = async () => {
      for await (const _ of client.pages.listOrganizations());
    };
    await expect(pages()).rejects.toMatchObject({ code: 'PAGINATION_LOOP' });
  });
});

describe('time-outs against a server that never answers', () => {
  let server: Server;
  let baseUrl: string;

  beforeAll(async () => {
    server = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up after timeoutMs with a TIMEOUT ComplyConnectionError', async () => {
    const client = createClient({ baseUrl, token, timeoutMs: 200 });
    const started = Date.now();
    const error = await client.listOrganizations().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ComplyConnectionError);
    expect(error).toMatchObject({
      code: 'TIMEOUT',
      status: 0,
      url: `${baseUrl}/api/mcp/tools/listOrganizations`,
    });
    expect((error as Error).message).toMatch(/within 200 ms\. Check the address, connectivity and scheme/);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('lets one call override the time-out', async () => {
    const client = createClient({ baseUrl, token, timeoutMs: 60_000 });
    await expect(client.listOrganizations({}, { timeoutMs: 100 })).rejects.toMatchObject({ code: 'TIMEOUT' });
  });

  it('rejects with the caller’s AbortError, not a time-out, when the caller aborts', async () => {
    const client = createClient({ baseUrl, token, timeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = client.listOrganizations({}, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await pending.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(ComplyError);
    expect((error as Error).name).toBe('AbortError');
  });
});
