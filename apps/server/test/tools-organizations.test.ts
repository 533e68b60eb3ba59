import { registerNames } from '@comply/schemas';
import type { Actor } from '@comply/storage';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRIVERS, type Member, useTestServer } from './harness.js';

const SETUP: Actor = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' };

describe.each(DRIVERS)('listOrganizations and getOrganization over REST (%s)', (driver) => {
  const server = useTestServer({ driver });
  let stranger: Member;
  let beta: string;
  let gamma: string;

  beforeAll(async () => {
    stranger = await server.addMember();
    const ownerUserId = server.owner.userId;
    beta = (await server.storage.organizations.create({ name: 'Beta GmbH', ownerUserId, actor: SETUP })).id;
    gamma = (await server.storage.organizations.create({ name: 'Gamma Ltd', ownerUserId, actor: SETUP })).id;
  });

  it("lists the caller's organizations with their role, pages them and counts them", async () => {
    const first = await server.call('listOrganizations', { page_size: 2 });
    expect(first.status).toBe(200);
    expect(first.body.total_count).toBe(3);
    expect(first.body.organizations).toHaveLength(2);
    expect(first.body.organizations[0]).toMatchObject({ id: beta, name: 'Beta GmbH', role: 'OWNER' });
    const second = await server.call('listOrganizations', { page_size: 2, cursor: first.body.next_cursor });
    expect(second.body).toMatchObject({ next_cursor: null, total_count: 3 });
    const ids = [...first.body.organizations, ...second.body.organizations].map((o: { id: string }) => o.id);
    expect(ids.sort()).toEqual([server.owner.organizationId, beta, gamma].sort());
    expect(ids).not.toContain(stranger.organizationId);
  });

  it('filters by name and orders by created_at', async () => {
    const found = await server.call('listOrganizations', { query: 'gamma' });
    expect(found.body.organizations.map((o: { id: string }) => o.id)).toEqual([gamma]);
    const newest = await server.call('listOrganizations', {
      order_by: { field: 'created_at', direction: 'desc' },
    });
    expect(newest.body.organizations.map((o: { id: string }) => o.id)).toEqual([
      gamma,
      beta,
      server.owner.organizationId,
    ]);
  });

  it('shows a token restricted to some organizations only those', async () => {
    const { token } = await server.createToken({ userId: server.owner.userId, organizationIds: [beta] });
    const listed = await server.call('listOrganizations', {}, { token });
    expect(listed.body).toEqual({
      organizations: [expect.objectContaining({ id: beta })],
      next_cursor: null,
      total_count: 1,
    });
    const hidden = await server.call('getOrganization', { organization_id: gamma }, { token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'organization_id' });
    expect((await server.call('getOrganization', { organization_id: beta }, { token })).status).toBe(200);
  });

  it('gets an organization with the caller role and the size of each register', async () => {
    const organization_id = server.owner.organizationId;
    await server.call('addRisk', { organization_id, name: 'R', inherent_likelihood: 1, inherent_impact: 1 });
    await server.call('addVendor', { organization_id, name: 'V' });
    await server.call('addVendor', { organization_id, name: 'W' });
    const got = await server.call('getOrganization', { organization_id });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: organization_id, role: 'OWNER', description: null });
    expect(got.body.counts).toEqual({
      ...Object.fromEntries(registerNames.map((name) => [name, 0])),
      risks: 1,
      vendors: 2,
    });
    const viewer = await server.addMember({ organizationId: organization_id, role: 'VIEWER' });
    const asViewer = await server.call('getOrganization', { organization_id }, { token: viewer.token });
    expect(asViewer.body.role).toBe('VIEWER');
  });

  it("answers NOT_FOUND for another user's organization and rejects invalid input", async () => {
    const foreign = await server.call('getOrganization', { organization_id: stranger.organizationId });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: 'NOT_FOUND', field: 'organization_id' });
    const missing = await server.call('getOrganization', {});
    expect(missing.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'organization_id' });
    for (const [input, field] of [
      [{ page_size: 0 }, 'page_size'],
      [{ order_by: { field: 'updated_at' } }, 'order_by.field'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const result = await server.call('listOrganizations', input);
      expect(result.status).toBe(400);
      expect(result.body.error).toMatchObject({ code: 'INVALID_INPUT', field });
    }
  });
});
