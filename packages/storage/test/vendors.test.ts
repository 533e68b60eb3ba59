import { beforeAll, describe, expect, it } from 'vitest';
import type { Vendor, VendorCreate } from '../src/index.js';
import { DRIVERS, testActor, updaterOf, useOrganization } from './helpers.js';
import { defineListTests, seedListRecords } from './lists.js';

describe.each(DRIVERS)('vendors on $name', ({ name }) => {
  const ctx = useOrganization(name);
  const actor = testActor(null, 'addVendor');
  let all: Vendor[] = [];
  const update = updaterOf(ctx, actor, (storage) => storage.vendors);

  beforeAll(async () => {
    const rows: VendorCreate[] = [
      {
        name: 'Zeta',
        risk_tier: 'HIGH',
        category: 'Cloud',
        owner: 'IT',
        processes_personal_data: true,
        last_reviewed_at: '2025-01-01',
        contract_end: '2026-12-31',
        description: 'Hosting',
      },
      { name: 'alpha', risk_tier: 'LOW', category: 'cloud', owner: 'it' },
      {
        name: 'Mike',
        status: 'OFFBOARDED',
        risk_tier: 'CRITICAL',
        category: 'Payroll',
        owner: 'HR',
        processes_personal_data: true,
        last_reviewed_at: '2024-06-01',
        contract_end: '2025-01-01',
      },
      { name: 'bravo', last_reviewed_at: '2026-06-01', review_interval_days: 30, contract_end: '2027-01-01' },
      {
        name: 'Kilo',
        risk_tier: 'CRITICAL',
        category: 'Payroll',
        owner: 'HR',
        processes_personal_data: true,
        last_reviewed_at: '2026-03-01',
        review_interval_days: 90,
        description: 'Payroll processing',
      },
      { name: 'echo', status: 'OFFBOARDED', risk_tier: 'LOW' },
    ];
    all = await seedListRecords({ ...ctx, organizationId: ctx.org, actor }, ctx.storage.vendors, {
      rows,
      minutes: [4, 2, 6, 1, 5, 3],
      foreign: { name: 'alien' },
      touched: {
        named: ['echo', 'Zeta'],
        name: (v) => v.name,
        patch: { website: 'https://example.com' },
        from: '2026-06-15T14:00:00.000Z',
      },
    });
  });

  it('computes next_review_due, review_overdue and never_reviewed (one flag each, no overlap)', () => {
    const by = Object.fromEntries(all.map((v) => [v.name, v]));
    expect(by.Zeta).toMatchObject({
      next_review_due: '2026-01-01',
      review_overdue: true,
      never_reviewed: false,
    });
    expect(by.echo).toMatchObject({ last_reviewed_at: null, review_overdue: false, never_reviewed: false });
    expect(by.alpha).toMatchObject({
      next_review_due: null,
      review_overdue: false,
      never_reviewed: true,
      review_interval_days: 365,
      status: 'ACTIVE',
      risk_tier: 'LOW',
    });
    expect(by.Mike).toMatchObject({ next_review_due: '2025-06-01', review_overdue: false });
    expect(by.bravo).toMatchObject({
      next_review_due: '2026-07-01',
      review_overdue: false,
      risk_tier: 'MEDIUM',
      processes_personal_data: false,
    });
    expect(by.Kilo).toMatchObject({ next_review_due: '2026-05-30', review_overdue: true });
    for (const vendor of all) {
      const due =
        vendor.status === 'ACTIVE' &&
        vendor.next_review_due !== null &&
        vendor.next_review_due < '2026-06-15';
      expect(vendor.review_overdue, vendor.name).toBe(due);
      expect(vendor.never_reviewed, vendor.name).toBe(
        vendor.status === 'ACTIVE' && vendor.last_reviewed_at === null,
      );
    }
  });

  defineListTests<Vendor>({
    state: () => ({ list: (p) => ctx.storage.vendors.list(p), organizationId: ctx.org, all }),
    filters: [
      [{ status: ['OFFBOARDED'] }, (v) => v.status === 'OFFBOARDED'],
      [{ risk_tier: ['CRITICAL', 'HIGH'] }, (v) => v.risk_tier === 'CRITICAL' || v.risk_tier === 'HIGH'],
      [{ category: 'CLOUD' }, (v) => v.category?.toLowerCase() === 'cloud'],
      [{ owner: 'hr' }, (v) => v.owner === 'HR'],
      [{ query: 'payroll' }, (v) => v.name === 'Kilo'],
      [{ query: 'ALP' }, (v) => v.name === 'alpha'],
      [{ processes_personal_data: true }, (v) => v.processes_personal_data],
      [{ processes_personal_data: false }, (v) => !v.processes_personal_data],
      [
        { reviewed_before: '2026-01-01' },
        (v) => v.last_reviewed_at !== null && v.last_reviewed_at < '2026-01-01',
      ],
      [
        { reviewed_after: '2026-03-01' },
        (v) => v.last_reviewed_at !== null && v.last_reviewed_at > '2026-03-01',
      ],
      [
        { review_due_before: '2026-06-01' },
        (v) => v.next_review_due !== null && v.next_review_due < '2026-06-01',
      ],
      [{ review_overdue: true }, (v) => v.review_overdue],
      [{ review_overdue: false }, (v) => !v.review_overdue],
      [{ never_reviewed: true }, (v) => v.status === 'ACTIVE' && v.last_reviewed_at === null],
      [{ never_reviewed: false }, (v) => v.status !== 'ACTIVE' || v.last_reviewed_at !== null],
      [
        { contract_ends_before: '2026-12-31' },
        (v) => v.contract_end !== null && v.contract_end < '2026-12-31',
      ],
      [
        { status: ['ACTIVE'], risk_tier: ['CRITICAL'] },
        (v) => v.status === 'ACTIVE' && v.risk_tier === 'CRITICAL',
      ],
    ],
    orderings: [
      ['name', (v) => v.name.toLowerCase()],
      ['next_review_due', (v) => v.next_review_due],
      ['last_reviewed_at', (v) => v.last_reviewed_at],
    ],
    defaultOrder: { field: 'name', direction: 'asc' },
  });

  it('recomputes next_review_due on update and clears it with last_reviewed_at: null', async () => {
    const bravo = all.find((v) => v.name === 'bravo')!;
    const moved = await update(bravo.id, { review_interval_days: 10 });
    expect(moved.next_review_due).toBe('2026-06-11');
    expect(moved.review_overdue).toBe(true);
    const cleared = await update(bravo.id, { last_reviewed_at: null, review_interval_days: 30 });
    expect(cleared).toMatchObject({
      last_reviewed_at: null,
      next_review_due: null,
      review_overdue: false,
      never_reviewed: true,
    });
    await update(bravo.id, { last_reviewed_at: '2026-06-01' });
  });
});
