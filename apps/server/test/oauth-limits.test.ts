import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';
import { REDIRECT_URI } from './oauth-client.js';

describe.each(DRIVERS)('OAuth limits and housekeeping (%s)', (driver) => {
  let server: TestServer;
  let now = Date.now();
  beforeAll(async () => {
    server = await startTestServer({
      driver,
      clock: () => new Date(now),
      config: { oauth: true, unauthenticatedRateLimitPerMinute: 3 },
    });
  });
  afterAll(() => server?.stop());

  const register = () =>
    fetch(`${server.url}/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'flood',
        redirect_uris: [REDIRECT_URI],
        token_endpoint_auth_method: 'none',
      }),
    });

  it('limits dynamic registrations per address, with Retry-After', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await register()).status);
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    const refused = await register();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await refused.json()).error).toBe('temporarily_unavailable');
  });

  it('never returns an expired record and prunes it', async () => {
    await server.storage.oauthRecords.upsert({
      model: 'AccessToken',
      id: 'short',
      payload: { jti: 'short' },
      expiresInSeconds: 60,
    });
    expect(await server.storage.oauthRecords.find({ model: 'AccessToken', id: 'short' })).toMatchObject({
      jti: 'short',
    });
    now += 61_000;
    expect(await server.storage.oauthRecords.find({ model: 'AccessToken', id: 'short' })).toBeUndefined();
    expect(await server.storage.oauthRecords.prune()).toBeGreaterThanOrEqual(1);
    now -= 61_000;
    expect(await server.storage.oauthRecords.find({ model: 'AccessToken', id: 'short' })).toBeUndefined();
  });
});
