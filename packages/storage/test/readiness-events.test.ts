import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, fixedClock, openTestStorage, seedOrganization, testActor } from './helpers.js';

interface ReadinessEvent {
  organization_id: string;
  payload: {
    record_id: string;
    framework: { id: string; name: string };
    previous: { readiness_percent: number; state_counts: Record<string, number> };
    current: { readiness_percent: number; state_counts: Record<string, number> };
  };
}

describe.each(DRIVERS)('readiness.changed on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  const clock = fixedClock('2026-06-15T12:00:00.000Z');
  const actor = testActor(null, 'readiness');
  let org: string;
  let frameworkId: string;
  let other: string;

  const events = async () =>
    (
      await sql<ReadinessEvent>`select organization_id, payload from outbox_events
        where type = 'readiness.changed' order by created_at, id`.execute(storage.db)
    ).rows;
  const framework = (organizationId: string) =>
    storage.frameworks.create({
      organizationId,
      actor,
      data: {
        name: 'Annex A',
        controls: ['A.5.1', 'A.8.24'].map((code) => ({ code, title: `Control ${code}` })),
      },
    });
  const subscribe = (organizationId: string, eventTypes: string[]) =>
    storage.webhooks.createEndpoint({
      organizationId,
      url: 'https://hooks.example.com/in',
      description: null,
      eventTypes: eventTypes as never,
      secretCiphertext: 'v1:db:x:y:z',
      actor,
    });
  const implement = (organizationId: string, fwId: string, code: string, validUntil = '2026-06-30') =>
    storage.measures.create({
      organizationId,
      actor,
      data: {
        name: `Measure for ${code}`,
        state: 'IMPLEMENTED',
        controls: [{ framework_id: fwId, control_code: code }],
        evidence: [{ title: `Evidence for ${code}`, valid_until: validUntil }],
      },
    });

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
    org = (await seedOrganization(storage, 'Watched')).organization.id;
    frameworkId = (await framework(org)).id;
    other = (await seedOrganization(storage, 'Unwatched')).organization.id;
  });
  afterAll(() => dispose());

  it('records a baseline first, then emits one event per change with both figures', async () => {
    const unwatched = await framework(other);
    await subscribe(other, ['record.created']);
    await subscribe(org, ['readiness.changed']);
    expect(await storage.readinessWatch.scan()).toBe(0);
    expect(await storage.readinessWatch.scan()).toBe(0);

    await implement(org, frameworkId, 'A.5.1');
    await implement(other, unwatched.id, 'A.5.1');
    expect(await storage.readinessWatch.scan()).toBe(1);
    expect(await storage.readinessWatch.scan()).toBe(0);
    const [event] = await events();
    expect(event).toMatchObject({
      organization_id: org,
      payload: {
        record_id: frameworkId,
        framework: { id: frameworkId, name: 'Annex A' },
        previous: { readiness_percent: 0, state_counts: { READY: 0, GAP: 2, EXCLUDED: 0 } },
        current: { readiness_percent: 50, state_counts: { READY: 1, GAP: 1, EXCLUDED: 0 } },
      },
    });
    // Nothing is watched for the organization without a subscribed endpoint.
    const states = await sql<{
      organization_id: string;
    }>`select organization_id from readiness_states`.execute(storage.db);
    expect(states.rows.map((row) => row.organization_id)).toEqual([org]);
  });

  it('sees the date move readiness without any write: evidence expires', async () => {
    clock.set('2026-07-01T12:00:00.000Z');
    expect(await storage.readinessWatch.scan()).toBe(1);
    const last = (await events()).at(-1);
    expect(last?.payload).toMatchObject({
      previous: { readiness_percent: 50 },
      current: { readiness_percent: 0, state_counts: { READY: 0, GAP: 2 } },
    });
    expect(await storage.readinessWatch.scan()).toBe(0);
  });

  it.runIf(name === 'postgres')('emits a change once when watches race', async () => {
    await implement(org, frameworkId, 'A.8.24', '2026-12-31');
    const before = (await events()).length;
    const results = await Promise.all([
      storage.readinessWatch.scan(),
      storage.readinessWatch.scan(),
      storage.readinessWatch.scan(),
    ]);
    expect(results.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await events()).length).toBe(before + 1);
  });
});
