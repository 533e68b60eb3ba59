import { type ComplyClient, ComplyConnectionError, ComplyError, createClient } from '@comply/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, ownerClient, useTestServer } from './harness.js';
import { freePort } from './ports.js';

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail('expected the call to fail'),
    (error: unknown) => error,
  );
}

describe.each(DRIVERS)('@comply/client errors, paging and aborts against a real server (%s)', (driver) => {
  const server = useTestServer({ driver });
  let client: ComplyClient;
  let org: string;
  const calls: string[] = [];

  beforeAll(async () => {
    org = server.owner.organizationId;
    client = ownerClient(server, (url) => calls.push(url));
    for (let i = 1; i <= 7; i++)
      await client.addRisk({
        organization_id: org,
        name: `Risk ${i}`,
        inherent_likelihood: 1,
        inherent_impact: (i % 5) + 1,
      });
  });

  it('iterates every page of a list tool, following next_cursor', async () => {
    calls.length = 0;
    const sizes: number[] = [];
    for await (const page of client.pages.listRisks({
      organization_id: org,
      page_size: 3,
      order_by: { field: 'name' },
    }))
      sizes.push(page.risks.length);
    expect(sizes).toEqual([3, 3, 1]);
    expect(calls).toHaveLength(3);
  });

  it('iterates every item across pages, in order, and fetches no further page after a break', async () => {
    const names: string[] = [];
    for await (const risk of client.iterate.listRisks({
      organization_id: org,
      page_size: 2,
      order_by: { field: 'name' },
    }))
      names.push(risk.name);
    expect(names).toEqual(['Risk 1', 'Risk 2', 'Risk 3', 'Risk 4', 'Risk 5', 'Risk 6', 'Risk 7']);
    calls.length = 0;
    for await (const risk of client.iterate.listRisks({ organization_id: org, page_size: 2 })) {
      expect(risk.id).toMatch(/^risk_/);
      break;
    }
    expect(calls).toHaveLength(1);
  });

  it('maps a 400 to ComplyError with the server code, message and field', async () => {
    const error = await rejection(
      client.addRisk({ organization_id: org, name: 'x', inherent_likelihood: 6, inherent_impact: 1 }),
    );
    expect(error).toBeInstanceOf(ComplyError);
    expect(error).toMatchObject({ status: 400, code: 'INVALID_INPUT', field: 'inherent_likelihood' });
    expect((error as ComplyError).message).toMatch(/inherent_likelihood/);
  });

  it('maps a refused token to a 401 ComplyError', async () => {
    const stranger = createClient({ baseUrl: server.url, token: 'comply_pat_notarealtokenatall0000000000' });
    const error = await rejection(stranger.listOrganizations());
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(error).not.toBeInstanceOf(ComplyConnectionError);
  });

  it('maps a write with a read-only token to a 403 ComplyError', async () => {
    const { token } = await server.createToken({ userId: server.owner.userId, scope: 'READ' });
    const reader = createClient({ baseUrl: server.url, token });
    expect((await reader.listRisks({ organization_id: org })).total_count).toBe(7);
    const error = await rejection(reader.addVendor({ organization_id: org, name: 'Nope' }));
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
  });

  it('maps an unknown record to a 404 ComplyError', async () => {
    const error = await rejection(client.getRisk({ id: 'risk_doesnotexist' }));
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('rejects with the AbortError of an aborted call, mid-iteration too', async () => {
    const before = new AbortController();
    before.abort();
    const error = await rejection(client.listOrganizations({}, { signal: before.signal }));
    expect((error as Error).name).toBe('AbortError');

    const during = new AbortController();
    const seen: string[] = [];
    const iterating = (async () => {
      for await (const page of client.pages.listRisks(
        { organization_id: org, page_size: 2 },
        { signal: during.signal },
      )) {
        seen.push(page.risks[0]?.id ?? '');
        during.abort();
      }
    })();
    expect(((await rejection(iterating)) as Error).name).toBe('AbortError');
    expect(seen).toHaveLength(1);
  });

  it('aborts every call of a client through its own signal', async () => {
    const shutdown = new AbortController();
    const scoped = createClient({ baseUrl: server.url, token: server.owner.token, signal: shutdown.signal });
    expect((await scoped.listOrganizations()).organizations).toHaveLength(1);
    shutdown.abort();
    expect(((await rejection(scoped.listOrganizations())) as Error).name).toBe('AbortError');
  });

  it('reports an unreachable instance as a ComplyConnectionError that says what to check', async () => {
    const port = await freePort();
    const offline = createClient({ baseUrl: `http://127.0.0.1:${port}`, token: server.owner.token });
    const error = await rejection(offline.listOrganizations());
    expect(error).toBeInstanceOf(ComplyConnectionError);
    expect(error).toMatchObject({ code: 'CONNECTION_FAILED', status: 0 });
    expect((error as Error).message).toMatch(/Check the address, connectivity and scheme/);
    expect((error as Error).message).toMatch(/ECONNREFUSED/);
  });
});
