import { describe, expect, it } from 'vitest';
import { DRIVERS, testActor, useOrganization } from './helpers.js';

describe.each(DRIVERS)('locating a record by id on $name', ({ name }) => {
  const ctx = useOrganization(name);

  it('finds nothing for id prefixes that name Object.prototype members', async () => {
    for (const id of ['constructor_x', 'toString_1', 'hasOwnProperty_1', '__proto___1', 'valueOf_2']) {
      expect(await ctx.storage.locate({ id, organizationIds: [ctx.org] }), id).toBeNull();
    }
  });

  it('still finds a real record by its prefix', async () => {
    const risk = await ctx.storage.risks.create({
      organizationId: ctx.org,
      data: { name: 'Flood', inherent_likelihood: 2, inherent_impact: 3 },
      actor: testActor(null),
    });
    expect(await ctx.storage.locate({ id: risk.id, organizationIds: [ctx.org] })).toBe(ctx.org);
  });
});
