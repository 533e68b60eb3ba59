import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openStorage, type Storage } from '../src/index.js';
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
  const STATEMENTS = 40;
  const statement = (storage: Storage) =>
    sql`select count(*) from generate_series(1, 2000)`.execute(storage.db);

  /**
   * How many of `STATEMENTS` statements had finished when a timer set as they started fired.
   * `run` sends them, calling `finish` after each. Without a turn of the event loop between
   * statements, each completion starts the next in the same microtask chain, and the timer (like
   * every socket read and write) waits for all of them.
   */
  async function finishedWhenTimerFired(run: (storage: Storage, finish: () => void) => Promise<unknown>) {
    const { storage, dispose } = await openTestStorage({ driver: 'pglite' });
    try {
      let finished = 0;
      const running = run(storage, () => {
        finished += 1;
      });
      const whenFired = await new Promise<number>((resolve) => setTimeout(() => resolve(finished), 0));
      await running;
      expect(finished).toBe(STATEMENTS);
      return whenFired;
    } finally {
      await dispose();
    }
  }

  it('lets the event loop turn between callers, so queued statements cannot starve I/O and timers', async () => {
    const whenFired = await finishedWhenTimerFired((storage, finish) =>
      Promise.all(Array.from({ length: STATEMENTS }, () => statement(storage).then(finish))),
    );
    expect(whenFired).toBeLessThan(10);
  });

  it("lets the event loop turn between one caller's statements too, when nobody else waits", async () => {
    // Each statement finds the engine free; it must still wait one turn before it runs.
    const whenFired = await finishedWhenTimerFired(async (storage, finish) => {
      for (let index = 0; index < STATEMENTS; index++) {
        await statement(storage);
        finish();
      }
    });
    expect(whenFired).toBeLessThan(10);
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
