import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStorage } from '../src/index.js';
import { DRIVERS, openTestStorage, seedOrganization, testActor } from './helpers.js';

describe('embedded PGlite on disk', () => {
  it('keeps data across restarts and migrates only once', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'comply-pglite-'));
    try {
      const first = await openStorage({ dataDir: join(dir, 'data') });
      expect(first.driver).toBe('pglite');
      const { organization } = await seedOrganization(first, 'Persistent');
      const risk = await first.risks.create({
        organizationId: organization.id,
        actor: testActor(null),
        data: { name: 'kept', inherent_likelihood: 2, inherent_impact: 3 },
      });
      await first.close();
      const second = await openStorage({ dataDir: join(dir, 'data') });
      expect(await second.risks.get({ organizationId: organization.id, id: risk.id })).toEqual(risk);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('embedded PGlite under concurrent callers', () => {
  it('lets the event loop turn between callers, so queued statements cannot starve I/O and timers', async () => {
    const { storage, dispose } = await openTestStorage({ driver: 'pglite' });
    try {
      let finished = 0;
      const statements = Array.from({ length: 40 }, () =>
        sql`select count(*) from generate_series(1, 2000)`.execute(storage.db).then(() => {
          finished += 1;
        }),
      );
      // A timer set while 40 statements wait: it must fire long before the queue drains. Without a
      // turn of the event loop between callers, each statement's completion starts the next one in
      // the same microtask chain, and the timer (like every socket read and write) waits for all 40.
      const finishedWhenTimerFired = await new Promise<number>((resolve) =>
        setTimeout(() => resolve(finished), 0),
      );
      await Promise.all(statements);
      expect(finished).toBe(40);
      expect(finishedWhenTimerFired).toBeLessThan(10);
    } finally {
      await dispose();
    }
  });

  it("lets the event loop turn between one caller's statements too, when nobody else waits", async () => {
    const { storage, dispose } = await openTestStorage({ driver: 'pglite' });
    try {
      let finished = 0;
      const inRow = (async () => {
        for (let index = 0; index < 40; index++) {
          await sql`select count(*) from generate_series(1, 2000)`.execute(storage.db);
          finished += 1;
        }
      })();
      // Each statement finds the engine free. Granting it at once would run all 40 in one
      // microtask chain, and no socket of any other connection would be read until they end.
      const finishedWhenTimerFired = await new Promise<number>((resolve) =>
        setTimeout(() => resolve(finished), 0),
      );
      await inRow;
      expect(finished).toBe(40);
      expect(finishedWhenTimerFired).toBeLessThan(10);
    } finally {
      await dispose();
    }
  });

  it('serves the oldest call first: a call is not queued again behind newer calls for each statement', async () => {
    const { storage, dispose } = await openTestStorage({ driver: 'pglite' });
    try {
      // A transaction holds the engine while one call and then ten newer ones line up behind it.
      let holding!: () => void;
      let letGo!: () => void;
      const holds = new Promise<void>((resolve) => {
        holding = resolve;
      });
      const held = new Promise<void>((resolve) => {
        letGo = resolve;
      });
      const holder = storage.db.transaction().execute(async () => {
        holding();
        await held;
      });
      await holds;
      const order: string[] = [];
      const first = storage.runCall(async () => {
        await sql`select 1`.execute(storage.db);
        order.push('first call, statement 1');
        await sql`select 2`.execute(storage.db);
        order.push('first call, statement 2');
      });
      const newer = Array.from({ length: 10 }, (_, index) =>
        storage.runCall(async () => {
          await sql`select 3`.execute(storage.db);
          order.push(`newer call ${index}`);
        }),
      );
      letGo();
      await Promise.all([holder, first, ...newer]);
      // First come, first served per statement would put the first call's second statement last,
      // behind the ten newer calls that were waiting when it asked.
      expect(order.slice(0, 2)).toEqual(['first call, statement 1', 'first call, statement 2']);
      expect(order.slice(2)).toEqual(Array.from({ length: 10 }, (_, index) => `newer call ${index}`));
    } finally {
      await dispose();
    }
  });
});

describe.each(DRIVERS)('driver $name', ({ name }) => {
  it('reports its driver and answers ping', async () => {
    const { storage, dispose } = await openTestStorage({ driver: name });
    try {
      expect(storage.driver).toBe(name);
      await expect(storage.ping()).resolves.toBeUndefined();
    } finally {
      await dispose();
    }
  });

  it('serializes concurrent transactions on one connection without interleaving', async () => {
    const { storage, dispose } = await openTestStorage({ driver: name });
    try {
      const { organization } = await seedOrganization(storage, 'Parallel');
      const created = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          storage.risks.create({
            organizationId: organization.id,
            actor: testActor(null),
            data: { name: `p${i}`, inherent_likelihood: 1 + (i % 5), inherent_impact: 1 },
          }),
        ),
      );
      expect(new Set(created.map((r) => r.id)).size).toBe(20);
      const log = await storage.auditLog.list({
        organizationId: organization.id,
        filters: { record_type: 'risk' },
      });
      expect(log.total_count).toBe(20);
    } finally {
      await dispose();
    }
  });
});
