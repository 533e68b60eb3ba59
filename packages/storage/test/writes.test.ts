import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DRIVERS, useTwoOrganizations } from './helpers.js';

describe.each(DRIVERS)('writes and the audit log on $name', ({ name }) => {
  const ctx = useTwoOrganizations(name);
  const { clock, actor } = ctx;

  it('appends one audit entry per write with the wire record before and after', async () => {
    const risk = await ctx.storage.risks.create({
      organizationId: ctx.org,
      actor: actor('addRisk'),
      data: { name: 'r', inherent_likelihood: 2, inherent_impact: 2 },
    });
    clock.tick(1000);
    const updated = await ctx.storage.risks.update({
      organizationId: ctx.org,
      actor: actor('updateRisk'),
      id: risk.id,
      patch: { name: 'r2' },
    });
    const log = await ctx.storage.auditLog.list({ organizationId: ctx.org, filters: { record_id: risk.id } });
    expect(log.total_count).toBe(2);
    const [second, first] = log.items;
    expect(first).toMatchObject({
      action: 'addRisk',
      record_type: 'risk',
      before: null,
      after: risk,
      actor_user_id: ctx.userId,
      token_id: 'tok_TEST',
      source: 'mcp',
    });
    expect(second).toMatchObject({
      action: 'updateRisk',
      before: risk,
      after: updated,
      at: updated.updated_at,
    });
    expect(
      (await ctx.storage.auditLog.list({ organizationId: ctx.org, filters: { action: 'updateRisk' } }))
        .total_count,
    ).toBe(1);
    expect(
      (await ctx.storage.auditLog.list({ organizationId: ctx.org, filters: { token_id: 'tok_none' } }))
        .total_count,
    ).toBe(0);
    expect(
      (await ctx.storage.auditLog.list({ organizationId: ctx.org, filters: { actor_user_id: ctx.userId } }))
        .total_count,
    ).toBeGreaterThanOrEqual(3);
  });

  it('writes the exact wire record to the audit log, in one statement or in several', async () => {
    const measure = await ctx.storage.measures.create({
      organizationId: ctx.org,
      actor: actor('addMeasure'),
      data: { name: 'm', state: 'IMPLEMENTED' },
    });
    const full = {
      name: 'Full risk',
      description: 'd',
      category: 'Cloud',
      owner: 'CISO',
      status: 'IN_TREATMENT' as const,
      treatment: 'MITIGATE' as const,
      inherent_likelihood: 4,
      inherent_impact: 5,
      residual_likelihood: 2,
      review_date: '2027-01-31',
      note: 'n',
    };
    const writes = [
      // one statement each: no links, no idempotency key
      await ctx.storage.risks.create({ organizationId: ctx.org, actor: actor('addRisk'), data: full }),
      // in a transaction: an idempotency key, then links
      await ctx.storage.risks.create({
        organizationId: ctx.org,
        actor: actor('addRisk'),
        data: full,
        idempotencyKey: 'exact-audit',
      }),
      await ctx.storage.risks.create({
        organizationId: ctx.org,
        actor: actor('addRisk'),
        data: { ...full, measure_ids: [measure.id] },
      }),
    ];
    clock.tick(1000);
    for (const risk of writes.slice()) {
      writes.push(
        await ctx.storage.risks.update({
          organizationId: ctx.org,
          actor: actor('updateRisk'),
          id: risk.id,
          patch: { status: 'IN_TREATMENT', treatment: 'TRANSFER', description: null, review_date: null },
        }),
      );
    }
    clock.tick(1000);
    writes.push(
      await ctx.storage.risks.update({
        organizationId: ctx.org,
        actor: actor('updateRisk'),
        id: writes[0]!.id,
        patch: { measure_ids: [measure.id] },
      }),
    );
    expect(writes[2]?.mitigation.status).toBe('MITIGATED');
    expect(writes.at(-1)?.measure_ids).toEqual([measure.id]);
    for (const record of writes) {
      const log = await ctx.storage.auditLog.list({
        organizationId: ctx.org,
        filters: { record_id: record.id },
      });
      const entry = log.items.find(
        (item) => (item.after as { updated_at?: string } | null)?.updated_at === record.updated_at,
      );
      expect(entry?.after, `audit entry of ${record.id} at ${record.updated_at}`).toStrictEqual(record);
    }
    const chain = await ctx.storage.auditLog.list({
      organizationId: ctx.org,
      filters: { record_id: writes[0]!.id },
    });
    const [last, middle, first] = chain.items;
    expect(first?.before).toBeNull();
    expect(middle?.before).toStrictEqual(first?.after);
    expect(last?.before).toStrictEqual(middle?.after);
  });

  it('chains before and after through concurrent updates of one record', async () => {
    const risk = await ctx.storage.risks.create({
      organizationId: ctx.org,
      actor: actor('addRisk'),
      data: { name: 'contended', inherent_likelihood: 3, inherent_impact: 3, note: 'n-start' },
    });
    const measure = await ctx.storage.measures.create({
      organizationId: ctx.org,
      actor: actor('addMeasure'),
      data: { name: 'contended measure' },
    });
    // Most updates take the one-statement path; every fourth changes links (the general path).
    await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        ctx.storage.risks.update({
          organizationId: ctx.org,
          actor: actor('updateRisk'),
          id: risk.id,
          patch: i % 4 === 3 ? { note: `n${i}`, measure_ids: [measure.id] } : { note: `n${i}` },
        }),
      ),
    );
    const current = await ctx.storage.risks.get({ organizationId: ctx.org, id: risk.id });
    const log = await ctx.storage.auditLog.list({
      organizationId: ctx.org,
      filters: { record_id: risk.id, action: 'updateRisk' },
      pageSize: 100,
    });
    const note = (record: unknown) => (record as { note: string }).note;
    const befores = log.items.map((entry) => note(entry.before)).sort();
    const afters = log.items.map((entry) => note(entry.after));
    // Each write saw the one before it: every before is a distinct earlier after (or the create).
    const expected = ['n-start', ...afters.filter((n) => n !== current?.note)].sort();
    expect(log.items).toHaveLength(16);
    expect(befores).toEqual(expected);
  });

  it('paginates the audit log newest first', async () => {
    const all = await ctx.storage.auditLog.list({ organizationId: ctx.org, pageSize: 100 });
    const firstPage = await ctx.storage.auditLog.list({ organizationId: ctx.org, pageSize: 2 });
    const secondPage = await ctx.storage.auditLog.list({
      organizationId: ctx.org,
      pageSize: 2,
      cursor: firstPage.next_cursor,
    });
    expect([...firstPage.items, ...secondPage.items].map((e) => e.id)).toEqual(
      all.items.slice(0, 4).map((e) => e.id),
    );
    const times = all.items.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('refuses UPDATE and DELETE on the audit log', async () => {
    await expect(sql`update audit_log set action = 'forged'`.execute(ctx.storage.db)).rejects.toThrow();
    await expect(sql`delete from audit_log`.execute(ctx.storage.db)).rejects.toThrow();
    await expect(sql`truncate audit_log`.execute(ctx.storage.db)).rejects.toThrow();
    expect((await ctx.storage.auditLog.list({ organizationId: ctx.org })).total_count).toBeGreaterThan(0);
  });

  it('writes nothing, not even the audit entry, when a write fails', async () => {
    const before = (await ctx.storage.auditLog.list({ organizationId: ctx.org })).total_count;
    await expect(
      ctx.storage.risks.create({
        organizationId: ctx.org,
        actor: actor('addRisk'),
        data: { name: 'x', inherent_likelihood: 1, inherent_impact: 1, measure_ids: ['msr_nope'] },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'measure_ids' });
    expect((await ctx.storage.auditLog.list({ organizationId: ctx.org })).total_count).toBe(before);
    expect(
      (await ctx.storage.risks.list({ organizationId: ctx.org, filters: { query: 'x' } })).total_count,
    ).toBe(0);
  });

  it('rolls back everything a Storage.transaction did when it throws', async () => {
    await expect(
      ctx.storage.transaction(async (repos) => {
        await repos.vendors.create({
          organizationId: ctx.org,
          actor: actor('addVendor'),
          data: { name: 'Rolled back' },
        });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(
      (await ctx.storage.vendors.list({ organizationId: ctx.org, filters: { query: 'Rolled back' } }))
        .total_count,
    ).toBe(0);
  });

  it('returns the original record for a repeated idempotency key', async () => {
    const data = { name: 'Idempotent', inherent_likelihood: 1, inherent_impact: 1 };
    const first = await ctx.storage.risks.create({
      organizationId: ctx.org,
      actor: actor('addRisk'),
      data,
      idempotencyKey: 'k1',
    });
    const again = await ctx.storage.risks.create({
      organizationId: ctx.org,
      actor: actor('addRisk'),
      data,
      idempotencyKey: 'k1',
    });
    expect(again).toEqual(first);
    expect(
      (await ctx.storage.risks.list({ organizationId: ctx.org, filters: { query: 'Idempotent' } }))
        .total_count,
    ).toBe(1);
    const elsewhere = await ctx.storage.risks.create({
      organizationId: ctx.foreignOrg,
      actor: actor('addRisk'),
      data,
      idempotencyKey: 'k1',
    });
    expect(elsewhere.id).not.toBe(first.id);
  });

  it('refuses a stale expected_updated_at and writes nothing', async () => {
    const vendor = await ctx.storage.vendors.create({
      organizationId: ctx.org,
      actor: actor('addVendor'),
      data: { name: 'Stale' },
    });
    clock.tick(1000);
    await ctx.storage.vendors.update({
      organizationId: ctx.org,
      actor: actor('updateVendor'),
      id: vendor.id,
      patch: { owner: 'A' },
      expectedUpdatedAt: vendor.updated_at,
    });
    clock.tick(1000);
    await expect(
      ctx.storage.vendors.update({
        organizationId: ctx.org,
        actor: actor('updateVendor'),
        id: vendor.id,
        patch: { owner: 'B' },
        expectedUpdatedAt: vendor.updated_at,
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect((await ctx.storage.vendors.get({ organizationId: ctx.org, id: vendor.id }))?.owner).toBe('A');
    expect(
      (await ctx.storage.auditLog.list({ organizationId: ctx.org, filters: { record_id: vendor.id } }))
        .total_count,
    ).toBe(2);
  });

  it('reports duplicates as CONFLICT naming the field', async () => {
    await ctx.storage.vendors.create({
      organizationId: ctx.org,
      actor: actor('addVendor'),
      data: { name: 'Acme Cloud' },
    });
    await expect(
      ctx.storage.vendors.create({
        organizationId: ctx.org,
        actor: actor('addVendor'),
        data: { name: 'ACME cloud' },
      }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      field: 'name',
    });
    await ctx.storage.vendors.create({
      organizationId: ctx.foreignOrg,
      actor: actor('addVendor'),
      data: { name: 'Acme Cloud' },
    });
    await ctx.storage.nonconformities.create({
      organizationId: ctx.org,
      actor: actor('addNonconformity'),
      data: { reference: 'NC-1', title: 't', severity: 'MINOR' },
    });
    await expect(
      ctx.storage.nonconformities.create({
        organizationId: ctx.org,
        actor: actor('addNonconformity'),
        data: { reference: 'nc-1', title: 't', severity: 'MINOR' },
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', field: 'reference' });
  });

  it('reports an unreachable PostgreSQL server as UNAVAILABLE', async () => {
    const { openStorage } = await import('../src/index.js');
    await expect(openStorage({ databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
    });
  });
});
