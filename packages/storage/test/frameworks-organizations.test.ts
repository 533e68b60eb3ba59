import { beforeAll, describe, expect, it } from 'vitest';
import type { FrameworkSummary, Organization } from '../src/index.js';
import { DRIVERS, NO_RECORDS, seedOrganization, testActor, useStorage } from './helpers.js';
import { collect, defineListTests } from './lists.js';

describe.each(DRIVERS)('framework and organization lists on $name', ({ name }) => {
  const ctx = useStorage(name);
  const { clock } = ctx;
  let org: string;
  let userId: string;
  const actor = testActor(null, 'addFramework');
  let frameworks: FrameworkSummary[] = [];
  let organizations: Organization[] = [];

  beforeAll(async () => {
    const seeded = await seedOrganization(ctx.storage, 'Mike corp');
    org = seeded.organization.id;
    userId = seeded.user.id;
    const rows = [
      { name: 'ISO 27001', description: 'Information security' },
      { name: 'dora', description: 'Digital operational resilience' },
      { name: 'GDPR' },
      { name: 'nis2', description: 'Network and information security' },
    ];
    const minutes = [3, 1, 4, 2];
    for (const [index, data] of rows.entries()) {
      clock.set(`2026-06-15T13:0${minutes[index]}:00.000Z`);
      await ctx.storage.frameworks.create({ organizationId: org, actor, data });
      clock.set(`2026-06-15T12:0${minutes[index]}:00.000Z`);
      await ctx.storage.organizations.create({
        name: `${data.name} holding`,
        ownerUserId: userId,
        actor: testActor(userId),
      });
    }
    await ctx.storage.frameworks.create({
      organizationId: (await seedOrganization(ctx.storage, 'Other')).organization.id,
      actor,
      data: { name: 'alien' },
    });
    let page = await ctx.storage.frameworks.list({ organizationId: org, pageSize: 100 });
    for (const fw of ['GDPR', 'ISO 27001']) {
      clock.tick(60_000);
      await ctx.storage.frameworks.update({
        organizationId: org,
        actor,
        id: page.items.find((f) => f.name === fw)!.id,
        patch: { version: '1' },
      });
    }
    page = await ctx.storage.frameworks.list({ organizationId: org, pageSize: 100 });
    frameworks = page.items;
    organizations = (await ctx.storage.organizations.listForUser({ userId, pageSize: 100 })).items;
  });

  defineListTests<FrameworkSummary>({
    state: () => ({ list: (p) => ctx.storage.frameworks.list(p), organizationId: org, all: frameworks }),
    filters: [
      [{ query: 'SECURITY' }, (f) => f.description?.toLowerCase().includes('security') ?? false],
      [{ query: 'gdp' }, (f) => f.name === 'GDPR'],
    ],
    orderings: [['name', (f) => f.name.toLowerCase()]],
    defaultOrder: { field: 'name', direction: 'asc' },
  });

  it("lists only the user's organizations, with the role, by name by default", async () => {
    expect(organizations).toHaveLength(5);
    expect(organizations.map((o) => o.name)).toEqual([
      'dora holding',
      'GDPR holding',
      'ISO 27001 holding',
      'Mike corp',
      'nis2 holding',
    ]);
    expect(organizations.every((o) => o.role === 'OWNER')).toBe(true);
    const list = (p: never) => ctx.storage.organizations.listForUser({ userId, ...(p as object) });
    const paged = await collect<Organization>({ list, organizationId: userId });
    expect(paged.map((o) => o.id)).toEqual(organizations.map((o) => o.id));
  });

  it('orders organizations by created_at and filters by query and token restriction', async () => {
    const byCreated = await ctx.storage.organizations.listForUser({
      userId,
      orderBy: { field: 'created_at', direction: 'asc' },
    });
    const created = byCreated.items.map((o) => o.created_at);
    expect(created).toEqual([...created].sort());
    expect(byCreated.items.map((o) => o.id)).not.toEqual(organizations.map((o) => o.id));
    const query = await ctx.storage.organizations.listForUser({ userId, filters: { query: 'HOLD' } });
    expect(query.total_count).toBe(4);
    const restricted = await ctx.storage.organizations.listForUser({ userId, organizationIds: [org] });
    expect(restricted.items.map((o) => o.id)).toEqual([org]);
    const page = await ctx.storage.organizations.listForUser({ userId, pageSize: 2 });
    const { user: stranger } = await seedOrganization(ctx.storage, 'Stranger');
    await expect(
      ctx.storage.organizations.listForUser({ userId: stranger.id, pageSize: 2, cursor: page.next_cursor }),
    ).rejects.toMatchObject({
      field: 'cursor',
    });
  });

  it('counts records per register and updates organizations with an audit entry', async () => {
    expect(await ctx.storage.organizations.counts({ organizationId: org })).toEqual({
      ...NO_RECORDS,
      frameworks: 4,
    });
    const updated = await ctx.storage.organizations.update({
      organizationId: org,
      userId,
      actor: testActor(userId),
      patch: { description: 'HQ' },
    });
    expect(updated).toMatchObject({ description: 'HQ', name: 'Mike corp', role: 'OWNER' });
    const log = await ctx.storage.auditLog.list({
      organizationId: org,
      filters: { record_type: 'organization' },
    });
    expect(log.total_count).toBe(2);
  });
});
