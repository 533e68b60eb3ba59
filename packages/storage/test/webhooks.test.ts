import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, openTestStorage, seedOrganization, testActor } from './helpers.js';

describe.each(DRIVERS)('the outbox on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  let org: string;
  let quiet: string;
  let ownerId: string;

  const events = async (organizationId: string) =>
    (
      await sql<{ type: string; payload: { record_type: string; record_id: string; action: string } }>`
        select type, payload from outbox_events where organization_id = ${organizationId} order by created_at, id`.execute(
        storage.db,
      )
    ).rows;

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name }));
    const seeded = await seedOrganization(storage);
    org = seeded.organization.id;
    ownerId = seeded.user.id;
    quiet = (await seedOrganization(storage, 'Quiet')).organization.id;
    await storage.webhooks.createEndpoint({
      organizationId: org,
      url: 'https://hooks.example.com/in',
      description: null,
      eventTypes: ['record.created'],
      secretCiphertext: 'v1:db:x:y:z',
      actor: testActor(ownerId, 'addWebhookEndpoint'),
    });
  });
  afterAll(() => dispose?.());

  it('writes one event per register write, in the write transaction, only where an endpoint exists', async () => {
    const vendor = await storage.vendors.create({
      organizationId: org,
      actor: testActor(ownerId, 'addVendor'),
      data: { name: 'Outboxed' },
    });
    await storage.vendors.update({
      organizationId: org,
      id: vendor.id,
      actor: testActor(ownerId, 'updateVendor'),
      patch: { risk_tier: 'HIGH' },
    });
    await storage.vendors.create({
      organizationId: quiet,
      actor: testActor(null, 'addVendor'),
      data: { name: 'Q' },
    });
    expect(await events(org)).toEqual([
      {
        type: 'record.created',
        payload: expect.objectContaining({ record_type: 'vendor', record_id: vendor.id }),
      },
      {
        type: 'record.updated',
        payload: expect.objectContaining({ record_type: 'vendor', action: 'updateVendor' }),
      },
    ]);
    // No endpoint in that organization: no event, no cost beyond the trigger's lookup.
    expect(await events(quiet)).toEqual([]);
  });

  it('writes nothing when the change rolls back', async () => {
    const before = (await events(org)).length;
    await expect(
      storage.transaction(async (repos) => {
        await repos.vendors.create({
          organizationId: org,
          actor: testActor(ownerId, 'addVendor'),
          data: { name: 'Gone' },
        });
        expect((await sql`select 1 from outbox_events`.execute(repos.db)).rows.length).toBe(before + 1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await events(org)).toHaveLength(before);
  });

  it('writes no event for account records (memberships, endpoints themselves)', async () => {
    const before = (await events(org)).length;
    const user = await storage.users.create({
      email: `m-${Date.now()}@example.com`,
      password: 'correct horse',
    });
    await storage.memberships.add({
      organizationId: org,
      userId: user.id,
      role: 'EDITOR',
      actor: testActor(ownerId),
    });
    expect(await events(org)).toHaveLength(before);
  });

  it('dispatches each event once to each subscribed endpoint, even when two dispatchers race', async () => {
    const seen: string[] = [];
    const enqueue = async (_db: unknown, ids: string[]) => {
      seen.push(...ids);
    };
    const counts = await Promise.all([
      storage.webhooks.dispatch({ limit: 100, enqueue }),
      storage.webhooks.dispatch({ limit: 100, enqueue }),
    ]);
    // Two events (created, updated); the endpoint takes only record.created: one delivery.
    expect(counts[0]! + counts[1]!).toBe(2);
    expect(seen).toHaveLength(1);
    expect(await storage.webhooks.dispatch({ limit: 100, enqueue })).toBe(0);
    const deliveries = await storage.webhooks.listDeliveries({ organizationId: org });
    expect(deliveries.map((d) => [d.event_type, d.status])).toEqual([['record.created', 'PENDING']]);
    expect(await storage.webhooks.listDeliveries({ organizationId: quiet })).toEqual([]);
  });
});
