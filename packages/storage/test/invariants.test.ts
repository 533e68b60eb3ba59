import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RiskCreate, Storage } from '../src/index.js';
import { runMigrations } from '../src/index.js';
import { INVARIANTS_MIGRATION_ACTION } from '../src/migrations/016_invariants.js';
import { DRIVERS, openTestStorage, seedOrganization, testActor, useStorage } from './helpers.js';

const invalid = (field: string, message?: RegExp) =>
  expect.objectContaining({
    code: 'INVALID_INPUT',
    field,
    ...(message ? { message: expect.stringMatching(message) } : {}),
  });

describe.each(DRIVERS)('invariants on $name', ({ name }) => {
  const ctx = useStorage(name);
  let org: string;
  const actor = testActor(null, 'test');
  const addRisk = (data: Partial<RiskCreate>) =>
    ctx.storage.risks.create({
      organizationId: org,
      actor,
      data: { name: 'Risk', inherent_likelihood: 4, inherent_impact: 4, ...data },
    });
  const updateRisk = (id: string, patch: Parameters<Storage['risks']['update']>[0]['patch']) =>
    ctx.storage.risks.update({ organizationId: org, actor, id, patch });
  const addNc = (data: Record<string, unknown>) =>
    ctx.storage.nonconformities.create({
      organizationId: org,
      actor,
      data: { title: 'NC', severity: 'MINOR', ...data },
    });

  beforeAll(async () => {
    org = (await seedOrganization(ctx.storage)).organization.id;
  });

  describe('risks', () => {
    it('add: ACCEPTED and treatment ACCEPT only through an acceptance, naming the field and acceptRisk', async () => {
      await expect(addRisk({ status: 'ACCEPTED' })).rejects.toEqual(invalid('status', /acceptRisk/));
      await expect(addRisk({ status: 'ACCEPTED', treatment: 'ACCEPT' })).rejects.toEqual(invalid('status'));
      await expect(addRisk({ treatment: 'ACCEPT' })).rejects.toEqual(invalid('treatment', /acceptRisk/));
      await expect(addRisk({ status: 'CLOSED', treatment: 'ACCEPT' })).rejects.toEqual(invalid('treatment'));
      expect(await addRisk({ status: 'CLOSED', treatment: 'AVOID' })).toMatchObject({ status: 'CLOSED' });
    });

    it('add: the residual score may not exceed the inherent score', async () => {
      await expect(
        addRisk({ inherent_likelihood: 2, inherent_impact: 3, residual_likelihood: 5, residual_impact: 5 }),
      ).rejects.toEqual(
        invalid('residual_likelihood', /residual score \(5×5 = 25\).*inherent score \(2×3 = 6\)/),
      );
      await expect(
        addRisk({ inherent_likelihood: 2, inherent_impact: 3, residual_impact: 4 }),
      ).rejects.toEqual(invalid('residual_impact'));
      // Equal is allowed (no measure yet), and so is a lower likelihood with a higher impact.
      expect(
        await addRisk({
          inherent_likelihood: 3,
          inherent_impact: 2,
          residual_likelihood: 1,
          residual_impact: 5,
        }),
      ).toMatchObject({ inherent_score: 6, residual_score: 5 });
    });

    it('update: ACCEPTED only through an acceptance; then each side of a pair is checked', async () => {
      const open = await addRisk({ status: 'OPEN', treatment: 'TRANSFER' });
      await expect(updateRisk(open.id, { status: 'ACCEPTED' })).rejects.toEqual(
        invalid('status', /acceptRisk/),
      );
      await expect(updateRisk(open.id, { status: 'ACCEPTED', treatment: 'ACCEPT' })).rejects.toEqual(
        invalid('status'),
      );
      await expect(updateRisk(open.id, { treatment: 'ACCEPT' })).rejects.toEqual(
        invalid('treatment', /acceptRisk/),
      );
      expect(await ctx.storage.risks.get({ organizationId: org, id: open.id })).toEqual(open);
      const accepted = await ctx.storage.riskAcceptances.accept({
        organizationId: org,
        actor,
        role: 'OWNER',
        riskId: open.id,
        rationale: 'Within appetite.',
        expiresOn: '2027-01-01',
      });
      expect(accepted).toMatchObject({ status: 'ACCEPTED', treatment: 'ACCEPT' });
      // A form sending back the values the risk already has is no new acceptance.
      expect(await updateRisk(open.id, { status: 'ACCEPTED', treatment: 'ACCEPT', note: 'x' })).toMatchObject(
        {
          status: 'ACCEPTED',
          note: 'x',
        },
      );
      await expect(updateRisk(open.id, { treatment: 'TRANSFER' })).rejects.toEqual(invalid('treatment'));
      await expect(updateRisk(open.id, { treatment: null })).rejects.toEqual(invalid('treatment'));
      await expect(updateRisk(open.id, { status: 'CLOSED' })).rejects.toEqual(invalid('status', /CLOSED/));
      expect(await updateRisk(open.id, { status: 'CLOSED', treatment: 'AVOID' })).toMatchObject({
        status: 'CLOSED',
        treatment: 'AVOID',
      });
      await expect(updateRisk(open.id, { treatment: 'ACCEPT' })).rejects.toEqual(invalid('treatment'));
      await expect(updateRisk(open.id, { status: 'ACCEPTED' })).rejects.toEqual(invalid('status'));
    });

    it('update: a score change that puts residual above inherent is refused, naming the field changed', async () => {
      const risk = await addRisk({
        inherent_likelihood: 4,
        inherent_impact: 4,
        residual_likelihood: 3,
        residual_impact: 4,
      });
      await expect(updateRisk(risk.id, { inherent_impact: 2 })).rejects.toEqual(invalid('inherent_impact'));
      await expect(updateRisk(risk.id, { residual_likelihood: 5 })).rejects.toEqual(
        invalid('residual_likelihood'),
      );
      expect(await updateRisk(risk.id, { residual_likelihood: 1 })).toMatchObject({ residual_score: 4 });
      // A patch no invariant reads still takes the one-statement path and works.
      expect(await updateRisk(risk.id, { note: 'reviewed' })).toMatchObject({ note: 'reviewed' });
    });
  });

  describe('nonconformities', () => {
    it('add: CLOSED needs a root cause and a corrective action; closed_at is set', async () => {
      await expect(addNc({ status: 'CLOSED' })).rejects.toEqual(
        invalid('root_cause', /CLOSED nonconformity needs/),
      );
      await expect(
        addNc({ status: 'CLOSED', root_cause: 'No owner', corrective_action: '  ' }),
      ).rejects.toEqual(invalid('corrective_action'));
      const closed = await addNc({
        status: 'CLOSED',
        root_cause: 'No owner',
        corrective_action: 'Owner named',
      });
      expect(closed.closed_at).toBe('2026-06-15T12:00:00.000Z');
    });

    it('update: closing, or clearing a closed one’s cause or action, is checked on the merged record', async () => {
      const nc = await addNc({ root_cause: 'No owner' });
      const update = (patch: Record<string, unknown>) =>
        ctx.storage.nonconformities.update({ organizationId: org, actor, id: nc.id, patch });
      await expect(update({ status: 'CLOSED' })).rejects.toEqual(invalid('corrective_action'));
      await expect(update({ status: 'CLOSED', root_cause: null, corrective_action: 'Done' })).rejects.toEqual(
        invalid('root_cause'),
      );
      const closed = await update({ status: 'CLOSED', corrective_action: 'Owner named' });
      expect(closed).toMatchObject({ status: 'CLOSED', closed_at: '2026-06-15T12:00:00.000Z' });
      await expect(update({ corrective_action: '' })).rejects.toEqual(invalid('corrective_action'));
      expect(await update({ status: 'IN_PROGRESS', corrective_action: null })).toMatchObject({
        status: 'IN_PROGRESS',
        closed_at: null,
      });
    });
  });

  it('mitigation: measures linked but none IMPLEMENTED is PLANNED, not partially mitigated', async () => {
    const measure = async (state: 'NOT_STARTED' | 'IN_PROGRESS' | 'IMPLEMENTED') =>
      (await ctx.storage.measures.create({ organizationId: org, actor, data: { name: state, state } })).id;
    const planned = [await measure('NOT_STARTED'), await measure('IN_PROGRESS')];
    const risk = await addRisk({ name: 'Planned mitigation', measure_ids: planned });
    expect(risk.mitigation).toEqual({ status: 'PLANNED', measures_total: 2, measures_implemented: 0 });
    const listed = await ctx.storage.risks.list({
      organizationId: org,
      filters: { mitigation_status: ['PLANNED'] },
    });
    expect(listed.items.map((r) => r.id)).toEqual([risk.id]);
    const partial = await updateRisk(risk.id, { measure_ids: [...planned, await measure('IMPLEMENTED')] });
    expect(partial.mitigation).toEqual({
      status: 'PARTIALLY_MITIGATED',
      measures_total: 3,
      measures_implemented: 1,
    });
  });
});

describe.each(DRIVERS)('migration 016 on $name', ({ name }) => {
  it('repairs rows written before the invariants, with one audit entry per changed row', async () => {
    const { storage, dispose } = await openTestStorage({ driver: name });
    try {
      const org = (await seedOrganization(storage)).organization.id;
      const actor = testActor(null, 'test');
      const created = await storage.risks.create({
        organizationId: org,
        actor,
        data: { name: 'Good', inherent_likelihood: 3, inherent_impact: 3 },
      });
      const good = await storage.riskAcceptances.accept({
        organizationId: org,
        actor,
        role: 'OWNER',
        riskId: created.id,
        rationale: 'Within appetite.',
        expiresOn: '2099-01-01',
      });
      const at = '2026-01-01T00:00:00.000Z';
      const risk = (id: string, values: string) =>
        sql`insert into risks (id, organization_id, name, status, treatment, inherent_likelihood, inherent_impact,
          residual_likelihood, residual_impact, created_at, updated_at)
          values (${id}, ${org}, ${id}, ${sql.raw(values)}, ${at}, ${at})`.execute(storage.db);
      await risk('risk_transfer', `'ACCEPTED', 'TRANSFER', 3, 4, 2, 3`);
      await risk('risk_closed', `'CLOSED', 'ACCEPT', 5, 5, 5, 5`);
      await risk('risk_above', `'OPEN', 'MITIGATE', 2, 3, 4, 2`);
      const nc = (id: string, values: string) =>
        sql`insert into nonconformities (id, organization_id, reference, title, severity, status, date_identified,
          root_cause, corrective_action, closed_at, created_at, updated_at)
          values (${id}, ${org}, ${id}, ${id}, 'MAJOR', ${sql.raw(values)}, ${at}, ${at})`.execute(
          storage.db,
        );
      await nc('nc_bare', `'CLOSED', '2026-01-01', null, null, '2026-01-02T00:00:00Z'`);
      await nc('nc_noclose', `'CLOSED', '2026-01-01', 'Cause', 'Action', null`);

      await sql`delete from schema_migrations where version = 16`.execute(storage.db);
      expect(await runMigrations({ db: storage.db })).toEqual([16]);

      const get = (id: string) => storage.risks.get({ organizationId: org, id });
      expect(await get('risk_transfer')).toMatchObject({ status: 'ACCEPTED', treatment: 'ACCEPT' });
      expect(await get('risk_closed')).toMatchObject({
        status: 'ACCEPTED',
        treatment: 'ACCEPT',
        residual_score: 25,
      });
      expect(await get('risk_above')).toMatchObject({
        inherent_likelihood: 4,
        inherent_impact: 3,
        residual_likelihood: 4,
        residual_impact: 2,
      });
      expect(await get(good.id)).toEqual(good);
      const getNc = (id: string) => storage.nonconformities.get({ organizationId: org, id });
      expect(await getNc('nc_bare')).toMatchObject({ status: 'IN_PROGRESS', closed_at: null });
      expect(await getNc('nc_noclose')).toMatchObject({ status: 'CLOSED', closed_at: at });

      const log = await storage.auditLog.list({ organizationId: org, pageSize: 100 });
      const entries = log.items.filter((e) => e.source === 'migration');
      expect(entries.map((e) => e.record_id).sort()).toEqual(
        ['nc_bare', 'nc_noclose', 'risk_above', 'risk_closed', 'risk_transfer'].sort(),
      );
      for (const entry of entries) {
        expect(entry).toMatchObject({ action: INVARIANTS_MIGRATION_ACTION, actor_user_id: null });
      }
      const transfer = entries.find((e) => e.record_id === 'risk_transfer')!;
      expect(transfer.before).toMatchObject({ treatment: 'TRANSFER' });
      expect(transfer.after).toMatchObject({ treatment: 'ACCEPT' });
      const bare = entries.find((e) => e.record_id === 'nc_bare')!;
      expect(bare.before).toMatchObject({ status: 'CLOSED' });
      expect(bare.after).toMatchObject({ status: 'IN_PROGRESS', closed_at: null });
      // The repaired rows now pass the repositories' own checks.
      expect(
        await storage.risks.update({ organizationId: org, actor, id: 'risk_closed', patch: { note: 'ok' } }),
      ).toMatchObject({ note: 'ok' });
    } finally {
      await dispose();
    }
  });
});
