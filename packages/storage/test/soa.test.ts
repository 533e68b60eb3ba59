import { beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import { DRIVERS, seedOrganization, testActor, useOrganization } from './helpers.js';

const CODES = ['A.5.1', 'A.5.2', 'A.7.1', 'A.7.2', 'A.8.1'];

describe.each(DRIVERS)('Statement of Applicability on $name', ({ name }) => {
  const ctx = useOrganization(name, 'Soa');
  const { clock } = ctx;
  let other: string;
  let frameworkId: string;
  const actor = () => testActor(ctx.userId, 'soa');

  beforeAll(async () => {
    other = (await seedOrganization(ctx.storage, 'Elsewhere')).organization.id;
    const framework = await ctx.storage.frameworks.create({
      organizationId: ctx.org,
      actor: actor(),
      data: { name: 'Annex A', controls: CODES.map((code) => ({ code, title: `Control ${code}` })) },
    });
    frameworkId = framework.id;
    // A.5.2: an implemented measure with evidence (READY); A.8.1: a justified NOT_APPLICABLE one.
    await ctx.storage.measures.create({
      organizationId: ctx.org,
      actor: actor(),
      data: {
        name: 'Policies',
        state: 'IMPLEMENTED',
        evidence: [{ title: 'Policy set' }],
        controls: [{ framework_id: frameworkId, control_code: 'A.5.2' }],
      },
    });
    await ctx.storage.measures.create({
      organizationId: ctx.org,
      actor: actor(),
      data: {
        name: 'No endpoints',
        state: 'NOT_APPLICABLE',
        applicability_justification: 'No company devices.',
        controls: [{ framework_id: frameworkId, control_code: 'A.8.1' }],
      },
    });
  });

  const scope = () => ({ organizationId: ctx.org, frameworkId });
  const read = (extra: Partial<Parameters<Storage['soa']['get']>[0]> = {}) =>
    ctx.storage.soa.get({ ...scope(), pageSize: 100, ...extra });
  const readiness = () => ctx.storage.reports.auditReadiness({ ...scope(), topN: 25 });

  it('lists every control UNDECIDED with the status readiness gives it before any decision', async () => {
    const soa = await read();
    expect(soa.control_count).toBe(5);
    expect(soa.applicability_counts).toEqual({ APPLICABLE: 0, EXCLUDED: 0, UNDECIDED: 5 });
    expect(soa.updated_at).toBeNull();
    expect(soa.versions).toEqual([]);
    const byCode = Object.fromEntries(soa.controls.map((c) => [c.code, c]));
    expect(byCode['A.5.2']).toMatchObject({
      status: 'READY',
      measures: [{ name: 'Policies', state: 'IMPLEMENTED' }],
    });
    // Without an SoA decision, measure-level exclusion still takes a control out, as before.
    expect(byCode['A.8.1']?.status).toBe('EXCLUDED');
    expect(byCode['A.5.1']).toMatchObject({ status: 'GAP', gap_reasons: ['NO_MEASURE'] });
  });

  it('refuses a whole change set when one control is bad, naming it, and writes nothing', async () => {
    const bad = [
      { code: 'A.5.1', applicable: true, justification: 'Needed for ISMS.' },
      { code: 'A.7.1', applicable: false },
    ];
    await expect(ctx.storage.soa.update({ ...scope(), actor: actor(), controls: bad })).rejects.toMatchObject(
      {
        code: 'INVALID_INPUT',
        field: 'controls.1.justification',
        message: expect.stringContaining('A.7.1'),
      },
    );
    await expect(
      ctx.storage.soa.update({
        ...scope(),
        actor: actor(),
        controls: [bad[0]!, { code: 'A.9.9', applicable: true }],
      }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'controls.1.code',
      message: expect.stringContaining('A.9.9'),
    });
    await expect(
      ctx.storage.soa.update({ ...scope(), actor: actor(), controls: [bad[0]!, bad[0]!] }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'controls.1.code' });
    expect((await read()).applicability_counts.UNDECIDED).toBe(5);
  });

  it('sets many decisions in one call, and exclusions leave the readiness denominator', async () => {
    const before = await readiness();
    expect(before.state_counts).toEqual({ READY: 1, GAP: 3, EXCLUDED: 1 });
    const result = await ctx.storage.soa.update({
      ...scope(),
      actor: actor(),
      controls: [
        { code: 'A.5.1', applicable: true, justification: 'Required by the ISMS scope.', owner: 'CISO' },
        { code: 'A.5.2', applicable: true },
        { code: 'A.7.1', applicable: false, justification: 'Fully remote company without offices.' },
        { code: 'A.7.2', applicable: false, justification: 'No physical entry points.' },
        // The SoA says it applies: its justified NOT_APPLICABLE measure no longer excludes it.
        { code: 'A.8.1', applicable: true },
      ],
    });
    expect(result).toEqual({
      framework_id: frameworkId,
      updated_at: '2026-06-15T12:00:00.000Z',
      updated_count: 5,
    });
    const after = await readiness();
    expect(after.state_counts).toEqual({ READY: 1, GAP: 2, EXCLUDED: 2 });
    expect(after.readiness_percent).toBe(33.3);
    expect(after.gaps.excluded_controls.items.map((c) => [c.code, c.soa_justification])).toEqual([
      ['A.7.1', 'Fully remote company without offices.'],
      ['A.7.2', 'No physical entry points.'],
    ]);
    const soa = await read();
    expect(soa.updated_at).toBe('2026-06-15T12:00:00.000Z');
    expect(soa.applicability_counts).toEqual({ APPLICABLE: 3, EXCLUDED: 2, UNDECIDED: 0 });
    const byCode = Object.fromEntries(soa.controls.map((c) => [c.code, c]));
    expect(byCode['A.5.1']).toMatchObject({ owner: 'CISO', last_reviewed_at: '2026-06-15T12:00:00.000Z' });
    expect(byCode['A.8.1']).toMatchObject({ status: 'GAP', gap_reasons: ['NOT_IMPLEMENTED'] });
    // Every SoA row's status is the state readiness counts.
    const states = await ctx.storage.reports.controlStates(scope());
    expect(soa.controls.map((c) => c.status)).toEqual(states.map((s) => s.state));
    const log = await ctx.storage.db
      .selectFrom('audit_log')
      .select(['action', 'record_type', 'record_id'])
      .where('organization_id', '=', ctx.org)
      .where('action', '=', 'soa')
      .execute();
    expect(log).toContainEqual({ action: 'soa', record_type: 'framework', record_id: frameworkId });
  });

  it('keeps an omitted justification, refuses a stale expected_updated_at, filters and pages', async () => {
    clock.tick(1000);
    await expect(
      ctx.storage.soa.update({
        ...scope(),
        actor: actor(),
        controls: [{ code: 'A.5.1', applicable: true }],
        expectedUpdatedAt: '2026-06-15T11:00:00.000Z',
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT', field: 'expected_updated_at' });
    await ctx.storage.soa.update({
      ...scope(),
      actor: actor(),
      controls: [{ code: 'A.7.1', applicable: false, owner: 'Facilities' }],
      expectedUpdatedAt: '2026-06-15T12:00:00.000Z',
    });
    const excluded = await read({ filters: { applicability: ['EXCLUDED'] } });
    expect(excluded.controls.map((c) => [c.code, c.justification, c.owner])).toEqual([
      ['A.7.1', 'Fully remote company without offices.', 'Facilities'],
      ['A.7.2', 'No physical entry points.', null],
    ]);
    expect((await read({ filters: { status: ['GAP'] } })).controls.map((c) => c.code)).toEqual([
      'A.5.1',
      'A.8.1',
    ]);
    const first = await read({ pageSize: 2 });
    expect(first.controls.map((c) => c.code)).toEqual(['A.5.1', 'A.5.2']);
    expect(first.total_count).toBe(5);
    const second = await read({ pageSize: 2, cursor: first.next_cursor ?? '' });
    expect(second.controls.map((c) => c.code)).toEqual(['A.7.1', 'A.7.2']);
    const third = await read({ pageSize: 2, cursor: second.next_cursor ?? '' });
    expect(third.controls.map((c) => c.code)).toEqual(['A.8.1']);
    expect(third.next_cursor).toBeNull();
    await expect(read({ cursor: 'forged' })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      field: 'cursor',
    });
  });

  it('approves numbered versions whose snapshot later edits leave unchanged', async () => {
    clock.tick(1000);
    const v1 = await ctx.storage.soa.approve({
      ...scope(),
      actor: actor(),
      note: 'Management review',
      idempotencyKey: 'k1',
    });
    expect(v1).toMatchObject({
      version: 1,
      approved_by: expect.stringContaining('@'),
      note: 'Management review',
    });
    expect(v1).toMatchObject({ control_count: 5, excluded_count: 2 });
    // A retry returns the same version; a second approval is version 2.
    expect(await ctx.storage.soa.approve({ ...scope(), actor: actor(), idempotencyKey: 'k1' })).toEqual(v1);
    clock.tick(1000);
    await ctx.storage.soa.update({
      ...scope(),
      actor: actor(),
      controls: [{ code: 'A.7.2', applicable: true, justification: 'New office opened.' }],
    });
    const v2 = await ctx.storage.soa.approve({ ...scope(), actor: actor() });
    expect(v2.version).toBe(2);
    expect(v2.excluded_count).toBe(1);
    const approved1 = await read({ version: 1 });
    expect(approved1.version).toBe(1);
    expect(approved1.approved).toEqual(v1);
    expect(approved1.controls.find((c) => c.code === 'A.7.2')).toMatchObject({
      applicability: 'EXCLUDED',
      justification: 'No physical entry points.',
    });
    expect((await read()).versions.map((v) => v.version)).toEqual([2, 1]);
    await expect(read({ version: 9 })).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'version' });
    // The database itself refuses to change an approved version.
    await expect(
      ctx.storage.db
        .updateTable('soa_versions')
        .set({ note: 'rewritten' })
        .where('organization_id', '=', ctx.org)
        .execute(),
    ).rejects.toThrow();
    expect((await read({ version: 1 })).approved?.note).toBe('Management review');
  });

  it('never shows or changes another organization’s framework', async () => {
    const outside = { organizationId: other, frameworkId };
    await expect(ctx.storage.soa.get({ ...outside, pageSize: 10 })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'framework_id',
    });
    await expect(
      ctx.storage.soa.update({ ...outside, actor: actor(), controls: [{ code: 'A.5.1', applicable: true }] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', field: 'framework_id' });
    await expect(ctx.storage.soa.approve({ ...outside, actor: actor() })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      field: 'framework_id',
    });
  });
});
