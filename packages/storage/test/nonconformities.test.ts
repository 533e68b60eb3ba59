import { beforeAll, describe, expect, it } from 'vitest';
import type { Nonconformity, NonconformityCreate } from '../src/index.js';
import { DRIVERS, testActor, updaterOf, useOrganization } from './helpers.js';
import { defineListTests, seedListRecords } from './lists.js';

describe.each(DRIVERS)('nonconformities on $name', ({ name }) => {
  const ctx = useOrganization(name);
  const { clock } = ctx;
  let auditId: string;
  let measureId: string;
  const actor = testActor(null, 'addNonconformity');
  let all: Nonconformity[] = [];
  const update = updaterOf(ctx, actor, (storage) => storage.nonconformities);

  beforeAll(async () => {
    auditId = (
      await ctx.storage.audits.create({
        organizationId: ctx.org,
        actor,
        data: { name: 'Q1', kind: 'INTERNAL' },
      })
    ).id;
    measureId = (await ctx.storage.measures.create({ organizationId: ctx.org, actor, data: { name: 'MFA' } }))
      .id;
    const rows: NonconformityCreate[] = [
      {
        title: 'Missing MFA',
        severity: 'MAJOR',
        audit_id: auditId,
        measure_id: measureId,
        owner: 'CISO',
        due_date: '2026-06-01',
        date_identified: '2026-03-10',
        description: 'Admins without second factor',
      },
      {
        title: 'Old policy',
        severity: 'MINOR',
        status: 'CLOSED',
        audit_id: auditId,
        owner: 'ciso',
        root_cause: 'No review date set',
        corrective_action: 'Annual review added to the document calendar',
        due_date: '2026-05-01',
        date_identified: '2026-02-01',
      },
      {
        reference: 'EXT-7',
        title: 'Supplier gap',
        severity: 'OBSERVATION',
        status: 'IN_PROGRESS',
        due_date: '2026-07-01',
        date_identified: '2026-04-05',
      },
      {
        title: 'Backup untested',
        severity: 'MAJOR',
        measure_id: measureId,
        owner: 'IT',
        date_identified: '2025-11-20',
      },
      { title: 'Training late', severity: 'MINOR', due_date: '2026-06-10', date_identified: '2026-05-30' },
      { title: 'Log retention', severity: 'OBSERVATION', owner: 'it' },
    ];
    all = await seedListRecords({ ...ctx, organizationId: ctx.org, actor }, ctx.storage.nonconformities, {
      rows,
      minutes: [4, 2, 6, 1, 5, 3],
      foreign: { title: 'alien', severity: 'MAJOR' },
      touched: {
        named: ['Log retention', 'Supplier gap'],
        name: (n) => n.title,
        patch: { root_cause: 'x' },
      },
    });
  });

  it('generates NC-<year>-<NNN> references and defaults date_identified to today', () => {
    const by = Object.fromEntries(all.map((n) => [n.title, n]));
    expect(by['Missing MFA']?.reference).toBe('NC-2026-001');
    expect(by['Old policy']?.reference).toBe('NC-2026-002');
    expect(by['Supplier gap']?.reference).toBe('EXT-7');
    expect(by['Backup untested']?.reference).toBe('NC-2025-001');
    expect(by['Training late']?.reference).toBe('NC-2026-003');
    expect(by['Log retention']).toMatchObject({
      reference: 'NC-2026-004',
      date_identified: '2026-06-15',
      status: 'OPEN',
    });
    expect(by['Old policy']?.closed_at).toBe('2026-06-15T13:02:00.000Z');
  });

  it('computes overdue: due_date before today and not CLOSED', () => {
    expect(
      all
        .filter((n) => n.overdue)
        .map((n) => n.title)
        .sort(),
    ).toEqual(['Missing MFA', 'Training late']);
  });

  defineListTests<Nonconformity>({
    state: () => ({ list: (p) => ctx.storage.nonconformities.list(p), organizationId: ctx.org, all }),
    filters: [
      [{ status: ['OPEN'] }, (n) => n.status === 'OPEN'],
      [{ severity: ['MAJOR', 'OBSERVATION'] }, (n) => n.severity !== 'MINOR'],
      [{ open: true }, (n) => n.status !== 'CLOSED'],
      [{ open: false }, (n) => n.status === 'CLOSED'],
      [{ overdue: true }, (n) => n.overdue],
      [{ overdue: false }, (n) => !n.overdue],
      [{ owner: 'CISO' }, (n) => n.owner?.toLowerCase() === 'ciso'],
      [{ query: 'nc-2025' }, (n) => n.reference === 'NC-2025-001'],
      [{ query: 'second factor' }, (n) => n.title === 'Missing MFA'],
      [{ query: 'POLICY' }, (n) => n.title === 'Old policy'],
      [{ due_before: '2026-06-10' }, (n) => n.due_date !== null && n.due_date < '2026-06-10'],
      [{ identified_after: '2026-03-10' }, (n) => n.date_identified > '2026-03-10'],
      [{ identified_before: '2026-03-10' }, (n) => n.date_identified < '2026-03-10'],
    ],
    orderings: [
      ['date_identified', (n) => n.date_identified],
      ['due_date', (n) => n.due_date],
      ['reference', (n) => n.reference],
    ],
    defaultOrder: { field: 'date_identified', direction: 'desc' },
  });

  it('filters by audit_id and measure_id', async () => {
    const byAudit = await ctx.storage.nonconformities.list({
      organizationId: ctx.org,
      filters: { audit_id: auditId },
    });
    expect(byAudit.items.map((n) => n.title).sort()).toEqual(['Missing MFA', 'Old policy']);
    const byMeasure = await ctx.storage.nonconformities.list({
      organizationId: ctx.org,
      filters: { measure_id: measureId },
    });
    expect(byMeasure.items.map((n) => n.title).sort()).toEqual(['Backup untested', 'Missing MFA']);
  });

  it('sets closed_at when CLOSED and clears it when reopened', async () => {
    const nc = all.find((n) => n.title === 'Training late')!;
    clock.set('2026-06-16T08:00:00.000Z');
    const closed = await update(nc.id, {
      status: 'CLOSED',
      root_cause: 'Trainer unavailable',
      corrective_action: 'Second trainer named',
    });
    expect(closed).toMatchObject({ closed_at: '2026-06-16T08:00:00.000Z', overdue: false });
    const reopened = await update(nc.id, { status: 'IN_PROGRESS' });
    expect(reopened.closed_at).toBeNull();
    const cleared = await update(nc.id, { due_date: null, owner: null });
    expect(cleared).toMatchObject({ due_date: null, owner: null, overdue: false, title: 'Training late' });
    clock.set('2026-06-15T12:00:00.000Z');
  });
});
