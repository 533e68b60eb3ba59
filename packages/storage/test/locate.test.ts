import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, openTestStorage, seedOrganization, testActor } from './helpers.js';

describe.each(DRIVERS)('locating a record by id on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  let organizationId: string;

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name }));
    organizationId = (await seedOrganization(storage)).organization.id;
  });
  afterAll(() => dispose());

  it('finds nothing for id prefixes that name Object.prototype members', async () => {
    for (const id of ['constructor_x', 'toString_1', 'hasOwnProperty_1', '__proto___1', 'valueOf_2']) {
      expect(await storage.locate({ id, organizationIds: [organizationId] }), id).toBeNull();
    }
  });

  it('still finds a real record by its prefix', async () => {
    const risk = await storage.risks.create({
      organizationId,
      data: { name: 'Flood', inherent_likelihood: 2, inherent_impact: 3 },
      actor: testActor(null),
    });
    expect(await storage.locate({ id: risk.id, organizationIds: [organizationId] })).toBe(organizationId);
  });
});
