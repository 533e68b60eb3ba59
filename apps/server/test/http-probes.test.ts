import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

describe.each(DRIVERS)('liveness and readiness probes (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ driver });
  });
  afterAll(async () => server?.stop());

  const probe = async (path: string) => {
    const response = await fetch(`${server.url}${path}`);
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      body: await response.json(),
    };
  };

  it('answers /livez without a token, with nothing but the status', async () => {
    expect(await probe('/livez')).toEqual({
      status: 200,
      type: expect.stringContaining('application/json'),
      body: { status: 'ok' },
    });
  });

  it('answers /readyz 200 when the database answers and its migrations are current', async () => {
    expect(await probe('/readyz')).toEqual({
      status: 200,
      type: expect.stringContaining('application/json'),
      body: { status: 'ready' },
    });
  });

  it('answers /readyz 503 while a migration this build knows is missing', async () => {
    const latest = await sql<{ version: number; name: string }>`
      select version, name from schema_migrations order by version desc limit 1`.execute(server.storage.db);
    const { version, name } = latest.rows[0]!;
    await sql`delete from schema_migrations where version = ${version}`.execute(server.storage.db);
    try {
      expect(await probe('/readyz')).toMatchObject({ status: 503, body: { status: 'unavailable' } });
      expect((await probe('/livez')).status).toBe(200);
    } finally {
      await sql`insert into schema_migrations (version, name) values (${version}, ${name})`.execute(
        server.storage.db,
      );
    }
    expect((await probe('/readyz')).status).toBe(200);
  });

  it.each(['/healthz', '/health', '/status', '/api/nothing'])(
    'answers an unknown probe path %s with a JSON 404, not the console',
    async (path) => {
      expect(await probe(path)).toMatchObject({
        status: 404,
        type: expect.stringContaining('application/json'),
        body: { error: { code: 'NOT_FOUND' } },
      });
    },
  );
});
