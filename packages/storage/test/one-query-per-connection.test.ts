import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { fixedClock, openTestStorage, seedOrganization } from './helpers.js';
import { buildReportFixture, type ReportFixture } from './reports-fixture.js';

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * Counts the queries sent to a node-postgres client while another one of its queries was still
 * running. node-postgres queues such a query and deprecates it; pg@9 refuses it. Kysely already
 * runs a transaction's queries one after another; what else shares a client (a pooled
 * connection's LISTEN, a raw client) must wait for its query too.
 */
function watchClients() {
  const running = new WeakMap<object, number>();
  const original = pg.Client.prototype.query as unknown as Query;
  let overlaps = 0;
  (pg.Client.prototype as unknown as { query: Query }).query = function (this: pg.Client, ...args) {
    const result = original.apply(this, args);
    if (result instanceof Promise) {
      const count = (running.get(this) ?? 0) + 1;
      if (count > 1) overlaps++;
      running.set(this, count);
      const done = () => running.set(this, (running.get(this) ?? 1) - 1);
      result.then(done, done);
    }
    return result;
  };
  return {
    /** Overlapping queries since the last call. */
    take: () => {
      const seen = overlaps;
      overlaps = 0;
      return seen;
    },
    restore: () => {
      (pg.Client.prototype as unknown as { query: Query }).query = original;
    },
  };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('one query at a time on a PostgreSQL client', () => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  let watch: ReturnType<typeof watchClients>;
  const clock = fixedClock('2026-06-15T12:00:00.000Z');

  // Watched from the start: each pooled connection's first queries (its LISTEN) are seen too.
  beforeAll(async () => {
    watch = watchClients();
    ({ storage, dispose } = await openTestStorage({ driver: 'postgres', options: { clock } }));
  });
  afterAll(async () => {
    watch.restore();
    await dispose();
  });

  it('the watch sees two queries sent side by side on one client', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      watch.take();
      await Promise.all([client.query('select 1'), client.query('select 2')]);
      expect(watch.take()).toBe(1);
    } finally {
      await client.end();
    }
  });

  it('storage sends none while another runs: writes, reports, the SoA', async () => {
    watch.take();
    const f: ReportFixture = await buildReportFixture(storage);
    const scope = { organizationId: f.org, frameworkId: f.iso.id };
    // A user's actor: approval reads the approver's email in its transaction.
    const { actor } = await seedOrganization(storage, 'Approver');
    expect(watch.take()).toBe(0);
    const calls: [string, () => Promise<unknown>][] = [
      ['complianceReport', () => storage.reports.complianceReport({ organizationId: f.org })],
      ['auditReadiness', () => storage.reports.auditReadiness(scope)],
      ['controlStates', () => storage.reports.controlStates(scope)],
      [
        'operatingEffectiveness',
        () =>
          storage.reports.operatingEffectiveness({
            ...scope,
            periodStart: '2026-01-01',
            periodEnd: '2026-06-30',
          }),
      ],
      ['soa.get', () => storage.soa.get({ ...scope, pageSize: 100 })],
      [
        'soa.update',
        () => storage.soa.update({ ...scope, actor, controls: [{ code: 'A.5.1', applicable: true }] }),
      ],
      ['soa.approve', () => storage.soa.approve({ ...scope, actor })],
      ['soa.get version 1', () => storage.soa.get({ ...scope, version: 1, pageSize: 100 })],
      // Side by side on the pool: each call on a connection of its own, new ones included.
      [
        'lists side by side',
        () =>
          Promise.all(Array.from({ length: 12 }, () => storage.frameworks.list({ organizationId: f.org }))),
      ],
    ];
    const overlapping: string[] = [];
    for (const [name, call] of calls) {
      await call();
      if (watch.take() > 0) overlapping.push(name);
    }
    expect(overlapping).toEqual([]);
  });
});
