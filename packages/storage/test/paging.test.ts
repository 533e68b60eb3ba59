import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type Storage } from '../src/index.js';
import { DRIVERS, fixedClock, openTestStorage, seedOrganization, testActor } from './helpers.js';

describe.each(DRIVERS)('cursors and pagination on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  const clock = fixedClock();
  let org: string;
  let otherOrg: string;
  const actor = testActor(null, 'addRisk');

  async function bulkRisks(
    organizationId: string,
    count: number,
    scoreOf: (i: number) => number,
  ): Promise<string[]> {
    const now = clock().toISOString();
    const rows = Array.from({ length: count }, (_, i) => {
      const score = scoreOf(i);
      return {
        id: newId('risk'),
        organization_id: organizationId,
        name: `bulk ${i}`,
        status: 'OPEN',
        inherent_likelihood: score,
        inherent_impact: 5,
        residual_likelihood: score,
        residual_impact: 5,
        created_at: now,
        updated_at: now,
      };
    });
    for (let i = 0; i < rows.length; i += 250)
      await storage.db
        .insertInto('risks')
        .values(rows.slice(i, i + 250))
        .execute();
    return rows.map((row) => row.id);
  }

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
    org = (await seedOrganization(storage)).organization.id;
    otherOrg = (await seedOrganization(storage, 'Other')).organization.id;
    for (const [i, n] of ['a', 'b', 'c', 'd', 'e'].entries()) {
      await storage.risks.create({
        organizationId: org,
        actor,
        data: { name: n, inherent_likelihood: 1 + i, inherent_impact: 2 },
      });
      await storage.risks.create({
        organizationId: otherOrg,
        actor,
        data: { name: n, inherent_likelihood: 1 + i, inherent_impact: 2 },
      });
    }
  });
  afterAll(() => dispose());

  async function firstCursor() {
    const page = await storage.risks.list({
      organizationId: org,
      pageSize: 2,
      filters: { status: ['OPEN'] },
    });
    expect(page.next_cursor).not.toBeNull();
    return page.next_cursor!;
  }

  it('accepts its own cursor and ends with a null next_cursor', async () => {
    const cursor = await firstCursor();
    const page = await storage.risks.list({
      organizationId: org,
      pageSize: 2,
      filters: { status: ['OPEN'] },
      cursor,
    });
    expect(page.items).toHaveLength(2);
    const last = await storage.risks.list({
      organizationId: org,
      pageSize: 2,
      filters: { status: ['OPEN'] },
      cursor: page.next_cursor,
    });
    expect(last.items).toHaveLength(1);
    expect(last.next_cursor).toBeNull();
  });

  it('refuses a forged or tampered cursor', async () => {
    const cursor = await firstCursor();
    const [body, mac] = cursor.split('.') as [string, string];
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString());
    payload.v = 1;
    const edited = `${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${mac}`;
    const recounted = `${Buffer.from(JSON.stringify({ ...payload, v: undefined, t: 999 })).toString('base64url')}.${mac}`;
    for (const bad of ['garbage', `${body}.AAAA`, edited, recounted, `${cursor}.x`, `${body}`]) {
      await expect(
        storage.risks.list({ organizationId: org, pageSize: 2, filters: { status: ['OPEN'] }, cursor: bad }),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'cursor' });
    }
  });

  it('refuses a cursor from another organization, register, filter set or ordering', async () => {
    const cursor = await firstCursor();
    const cases = [
      storage.risks.list({ organizationId: otherOrg, pageSize: 2, filters: { status: ['OPEN'] }, cursor }),
      storage.vendors.list({ organizationId: org, pageSize: 2, cursor }),
      storage.risks.list({ organizationId: org, pageSize: 2, filters: { status: ['CLOSED'] }, cursor }),
      storage.risks.list({ organizationId: org, pageSize: 2, cursor }),
      storage.risks.list({
        organizationId: org,
        pageSize: 2,
        filters: { status: ['OPEN'] },
        orderBy: { field: 'name' },
        cursor,
      }),
      storage.risks.list({
        organizationId: org,
        pageSize: 2,
        filters: { status: ['OPEN'] },
        orderBy: { field: 'residual_score', direction: 'asc' },
        cursor,
      }),
    ];
    for (const attempt of cases)
      await expect(attempt).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'cursor' });
    // The same filters in another key order are the same list.
    await expect(
      storage.risks.list({
        organizationId: org,
        pageSize: 2,
        filters: { status: ['OPEN'], query: undefined },
        cursor,
      }),
    ).resolves.toBeDefined();
  });

  it('counts total_count on the first page and carries it in the cursor to later pages', async () => {
    const { organization } = await seedOrganization(storage, 'Counted');
    await bulkRisks(organization.id, 5, () => 3);
    const params = { organizationId: organization.id, pageSize: 2, filters: { status: ['OPEN' as const] } };
    const first = await storage.risks.list(params);
    expect(first.total_count).toBe(5);
    await bulkRisks(organization.id, 4, () => 1);
    const second = await storage.risks.list({ ...params, cursor: first.next_cursor });
    expect(second.total_count).toBe(5);
    const third = await storage.risks.list({ ...params, cursor: second.next_cursor });
    expect(third.total_count).toBe(5);
    expect((await storage.risks.list(params)).total_count).toBe(9);
  });

  it('returns each pre-existing row exactly once over 1,000 rows while rows are inserted', async () => {
    const { organization } = await seedOrganization(storage, 'Bulk');
    const existing = await bulkRisks(organization.id, 1000, (i) => 1 + (i % 5));
    const seen = new Map<string, number>();
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await storage.risks.list({ organizationId: organization.id, pageSize: 37, cursor });
      for (const risk of page.items) seen.set(risk.id, (seen.get(risk.id) ?? 0) + 1);
      // New rows on both sides of the cursor: before it (high scores) and after it (low scores).
      await Promise.all([
        bulkRisks(organization.id, 3, () => 5),
        bulkRisks(organization.id, 3, () => 1),
        storage.risks.create({
          organizationId: organization.id,
          actor,
          data: { name: 'live', inherent_likelihood: 3, inherent_impact: 5 },
        }),
      ]);
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor && pages < 500);
    for (const id of existing) expect(seen.get(id), id).toBe(1);
    expect([...seen.values()].every((count) => count === 1)).toBe(true);
  });
});
