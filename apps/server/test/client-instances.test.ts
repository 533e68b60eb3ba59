import { ComplyError, createClient } from '@comply/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

// The seed's multi-instance set-up: two instances (say local and production), each with its own token.
describe.each(DRIVERS)('two @comply/client instances side by side (%s)', (driver) => {
  let local: TestServer;
  let production: TestServer;

  beforeAll(async () => {
    [local, production] = await Promise.all([startTestServer({ driver }), startTestServer({ driver })]);
  });
  afterAll(async () => {
    await Promise.all([local?.stop(), production?.stop()]);
  });

  it('keeps addresses, tokens and data apart, even with calls interleaved', async () => {
    const sent: { url: string; auth: string | null }[] = [];
    const recording: typeof fetch = (input, init) => {
      sent.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') });
      return fetch(input, init);
    };
    const a = createClient({ baseUrl: local.url, token: local.owner.token, fetch: recording });
    const b = createClient({ baseUrl: production.url, token: production.owner.token, fetch: recording });
    const names = Array.from({ length: 5 }, (_, i) => `Shared name ${i}`);
    await Promise.all(
      names.flatMap((name) => [
        a.addVendor({ organization_id: local.owner.organizationId, name, description: 'local' }),
        b.addVendor({ organization_id: production.owner.organizationId, name, description: 'production' }),
      ]),
    );
    const [listA, listB] = await Promise.all([
      a.listVendors({ organization_id: local.owner.organizationId }),
      b.listVendors({ organization_id: production.owner.organizationId }),
    ]);
    expect(listA.vendors.map((v) => v.description)).toEqual(Array(5).fill('local'));
    expect(listB.vendors.map((v) => v.description)).toEqual(Array(5).fill('production'));
    expect((await a.listOrganizations()).organizations.map((o) => o.id)).toEqual([
      local.owner.organizationId,
    ]);
    expect((await b.listOrganizations()).organizations.map((o) => o.id)).toEqual([
      production.owner.organizationId,
    ]);
    for (const request of sent) {
      const server = request.url.startsWith(`${local.url}/`) ? local : production;
      expect(request.auth).toBe(`Bearer ${server.owner.token}`);
    }
    expect(new Set(sent.map((r) => r.auth)).size).toBe(2);
  });

  it("refuses one instance's token at the other", async () => {
    const crossed = createClient({ baseUrl: production.url, token: local.owner.token });
    await expect(crossed.listOrganizations()).rejects.toSatisfy(
      (error) => error instanceof ComplyError && error.status === 401,
    );
  });

  it("cannot reach one instance's records through the other", async () => {
    const a = createClient({ baseUrl: local.url, token: local.owner.token });
    const b = createClient({ baseUrl: production.url, token: production.owner.token });
    const risk = await a.addRisk({
      organization_id: local.owner.organizationId,
      name: 'Local only',
      inherent_likelihood: 2,
      inherent_impact: 2,
    });
    await expect(b.getRisk({ id: risk.id })).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});
