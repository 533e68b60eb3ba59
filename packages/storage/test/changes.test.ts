import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createChangeFeed } from '../src/changes/feed.js';
import { listenerName } from '../src/changes/listen.js';
import { openTestStorage } from './helpers.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('change feed', () => {
  it('gives no data version while remote changes could go unseen', () => {
    const feed = createChangeFeed({ schema: 's' });
    expect(feed.dataVersion('org_1')).toBeUndefined();
    feed.setLive(true);
    expect(feed.dataVersion('org_1')).toBeTypeOf('number');
    feed.setLive(false);
    expect(feed.dataVersion('org_1')).toBeUndefined();
  });

  it('bumps only the named organization, and only for its own schema', () => {
    const feed = createChangeFeed({ schema: 's', live: true });
    const one = feed.dataVersion('org_1');
    const two = feed.dataVersion('org_2');
    feed.receive('other org org_1');
    expect(feed.dataVersion('org_1')).toBe(one);
    feed.receive('s org org_1');
    expect(feed.dataVersion('org_1')).not.toBe(one);
    expect(feed.dataVersion('org_2')).toBe(two);
    const auth = feed.authVersion();
    feed.receive('s auth');
    expect(feed.authVersion()).not.toBe(auth);
  });

  it('starts every version afresh when the listener comes back', () => {
    const feed = createChangeFeed({ schema: 's', live: true });
    const version = feed.dataVersion('org_1');
    const auth = feed.authVersion();
    feed.setLive(false);
    feed.setLive(true);
    expect(feed.dataVersion('org_1')).not.toBe(version);
    expect(feed.authVersion()).not.toBe(auth);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('change listener on PostgreSQL', () => {
  it('stops vouching for data versions while its connection is down, and recovers', async () => {
    const { storage, schema, dispose } = await openTestStorage({ driver: 'postgres' });
    try {
      expect(storage.changes.dataVersion('org_1')).toBeTypeOf('number');
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${listenerName(schema)}`.execute(storage.db);
      const down = Date.now() + 2000;
      while (storage.changes.dataVersion('org_1') !== undefined && Date.now() < down) await pause(10);
      expect(storage.changes.dataVersion('org_1')).toBeUndefined();
      const up = Date.now() + 5000;
      while (storage.changes.dataVersion('org_1') === undefined && Date.now() < up) await pause(50);
      expect(storage.changes.dataVersion('org_1')).toBeTypeOf('number');
    } finally {
      await dispose();
    }
  });
});
