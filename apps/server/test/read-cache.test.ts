import { randomBytes } from 'node:crypto';
import { type Actor, openStorage, type Storage } from '@comply/storage';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../src/core/caller.js';
import { createReadCache } from '../src/core/read-cache.js';
import { createToolCore, type HandlerMap, type ToolCore } from '../src/core/tool-core.js';
import { handlers } from '../src/tools/handlers.gen.js';
import { embeddedDatabase } from './embedded.js';
import { addOwnerAccount, DRIVERS } from './harness.js';

const ACTOR: Actor = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' };
const logger = { error: () => undefined, warn: () => undefined } as unknown as FastifyBaseLogger;
const usage = { record: () => undefined, flush: async () => undefined };

/** A tool core over `storage` whose handlers count their calls: a cache hit runs no handler. */
function countingCore(storage: Storage) {
  const calls = { count: 0 };
  const counted = Object.fromEntries(
    Object.entries(handlers).map(([name, handler]) => [
      name,
      (ctx: unknown, args: unknown) => {
        calls.count += 1;
        return (handler as (ctx: unknown, args: unknown) => Promise<unknown>)(ctx, args);
      },
    ]),
  ) as unknown as HandlerMap;
  const core = createToolCore({ storage, handlers: counted, logger, usage, validateOutput: true });
  return { core, calls };
}

async function addOwner(storage: Storage): Promise<{ caller: Caller; organizationId: string }> {
  const { userId, email, organizationId } = await addOwnerAccount(storage);
  const caller: Caller = {
    userId,
    tokenId: `token-${email}`,
    scope: 'WRITE',
    organizations: new Map([[organizationId, 'OWNER']]),
    source: 'rest',
    ip: '127.0.0.1',
    client: null,
  };
  return { caller, organizationId };
}

// On PostgreSQL the dedicated listener also hears this instance's own commits, a few ms after the
// write returned; each bump costs one extra miss. Tests that count hits let those arrive first.
const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

const listRisks = (core: ToolCore, caller: Caller, organizationId: string) =>
  core.invoke({ caller, name: 'listRisks', input: { organization_id: organizationId, page_size: 50 } });

const riskNames = (result: { output: unknown }) =>
  (result.output as { risks: { name: string }[] }).risks.map((risk) => risk.name).sort();

const addRisk = (args: { core: ToolCore; caller: Caller; organizationId: string; name: string }) =>
  args.core.invoke({
    caller: args.caller,
    name: 'addRisk',
    input: {
      organization_id: args.organizationId,
      name: args.name,
      inherent_likelihood: 2,
      inherent_impact: 3,
    },
  });

describe.each(DRIVERS)('read-result cache (%s)', (driver) => {
  const schema = `cache_${randomBytes(6).toString('hex')}`;
  let now = new Date('2026-03-10T23:59:00.000Z');
  const clock = () => now;
  const open = () =>
    openStorage(
      driver === 'postgres'
        ? { databaseUrl: process.env.TEST_DATABASE_URL, schema, clock }
        : { ...embeddedDatabase(), clock },
    );
  let storage: Storage;

  beforeAll(async () => {
    storage = await open();
  });
  afterAll(async () => {
    if (driver === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db);
    await storage?.close();
  });

  it('answers repeated reads from the cache with one frozen result; the first caller keeps its own', async () => {
    const { core, calls } = countingCore(storage);
    const { caller, organizationId } = await addOwner(storage);
    await addRisk({ core, caller, organizationId, name: 'first' });
    await settle();
    const before = calls.count;
    const one = await listRisks(core, caller, organizationId);
    const two = await listRisks(core, caller, organizationId);
    const three = await listRisks(core, caller, organizationId);
    expect(calls.count).toBe(before + 1);
    // The hits share one result: the same JSON text, the same frozen object.
    expect(three).toBe(two);
    expect(two.json).toBe(one.json);
    expect(Object.isFrozen(two.output)).toBe(true);
    expect(three.output).toBe(two.output);
    expect(two.output).toEqual(JSON.parse(one.json));
    // The miss's object was never frozen nor cached: its caller changing it changes no later read.
    expect(Object.isFrozen(one.output)).toBe(false);
    (one.output as { risks: { name: string }[] }).risks[0]!.name = 'changed by its caller';
    expect(riskNames(await listRisks(core, caller, organizationId))).toEqual(['first']);
  });

  it('drops cached reads when the organization is written on this instance, by any path', async () => {
    const { core, calls } = countingCore(storage);
    const { caller, organizationId } = await addOwner(storage);
    await listRisks(core, caller, organizationId);
    await addRisk({ core, caller, organizationId, name: 'through the tool core' });
    expect(riskNames(await listRisks(core, caller, organizationId))).toEqual(['through the tool core']);
    // Straight through storage (the console's path, a seed): the change feed sees the commit.
    await storage.risks.create({
      organizationId,
      actor: ACTOR,
      data: { name: 'through storage', inherent_likelihood: 1, inherent_impact: 1 },
    } as Parameters<Storage['risks']['create']>[0]);
    const before = calls.count;
    expect(riskNames(await listRisks(core, caller, organizationId))).toEqual([
      'through storage',
      'through the tool core',
    ]);
    expect(calls.count).toBe(before + 1);
  });

  it('never reuses a result across organizations, and checks access before the cache', async () => {
    const { core, calls } = countingCore(storage);
    const a = await addOwner(storage);
    const b = await addOwner(storage);
    await addRisk({ core, ...a, name: 'a risk' });
    await addRisk({ core, ...b, name: 'b risk' });
    await settle();
    const before = calls.count;
    expect(riskNames(await listRisks(core, a.caller, a.organizationId))).toEqual(['a risk']);
    expect(riskNames(await listRisks(core, b.caller, b.organizationId))).toEqual(['b risk']);
    expect(calls.count).toBe(before + 2);
    // b's result is cached now; a's token still cannot read it.
    await expect(listRisks(core, a.caller, b.organizationId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('recomputes after midnight UTC, since computed fields depend on today', async () => {
    const { core, calls } = countingCore(storage);
    const { caller, organizationId } = await addOwner(storage);
    await settle();
    await listRisks(core, caller, organizationId);
    const before = calls.count;
    await listRisks(core, caller, organizationId);
    expect(calls.count).toBe(before);
    now = new Date(now.getTime() + 2 * 60_000);
    await listRisks(core, caller, organizationId);
    expect(calls.count).toBe(before + 1);
  });

  it.skipIf(driver !== 'postgres')('drops cached reads when another instance writes (NOTIFY)', async () => {
    const other = await open();
    try {
      const { core, calls } = countingCore(storage);
      const writer = countingCore(other).core;
      const { caller, organizationId } = await addOwner(storage);
      await settle();
      await listRisks(core, caller, organizationId);
      const before = calls.count;
      await addRisk({ core: writer, caller, organizationId, name: 'elsewhere' });
      const deadline = Date.now() + 500;
      let names = riskNames(await listRisks(core, caller, organizationId));
      while (names.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        names = riskNames(await listRisks(core, caller, organizationId));
      }
      expect(names).toEqual(['elsewhere']);
      expect(calls.count).toBeGreaterThan(before);
    } finally {
      await other.close();
    }
  });
});

describe('read-result cache bounds', () => {
  it('serves an entry only until it is maxAgeMs old, even when no change was heard', () => {
    let now = 0;
    const cache = createReadCache({ maxAgeMs: 10_000, now: () => now });
    cache.set({ key: 'k', version: 1, json: '{"risks":[]}' });
    now = 10_000;
    expect(cache.get({ key: 'k', version: 1 })?.output).toEqual({ risks: [] });
    now = 10_001;
    expect(cache.get({ key: 'k', version: 1 })).toBeUndefined();
    // Expired entries are gone, not only hidden.
    now = 0;
    expect(cache.get({ key: 'k', version: 1 })).toBeUndefined();
  });
});
