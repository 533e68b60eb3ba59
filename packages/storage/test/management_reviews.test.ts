import type { ManagementReview } from '@comply/schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateOf } from '../src/registers/define.js';
import { DRIVERS, testActor, updaterOf, useOrganization } from './helpers.js';
import { defineListTests, seedListRecords } from './lists.js';

describe.each(DRIVERS)('management reviews on $name', ({ name }) => {
  // Today is 2026-06-15 in UTC; 2026-06-16 somewhere on Earth, so 2026-06-17 is in the future.
  const ctx = useOrganization(name);
  const actor = testActor(null, 'addManagementReview');
  let all: ManagementReview[] = [];
  const update = updaterOf(ctx, actor, (storage) => storage.management_reviews);
  const byTitle = (title: string) => all.find((r) => r.title === title)!;

  beforeAll(async () => {
    const rows: CreateOf<'management_reviews'>[] = [
      {
        title: 'Q4 2025 review',
        review_date: '2025-12-10',
        status: 'HELD',
        chair: 'CEO',
        attendees: 'CEO, CISO, CTO',
        previous_actions: 'All 2024 actions closed.',
        performance: 'Two minor nonconformities from the internal audit.',
        risk_results: 'Risk treatment plan 80% done.',
        decisions: 'Extend MFA to contractors.',
        actions: 'MFA rollout, IT, 2026-03-31.',
        next_review_due: '2026-06-10',
        owner: 'CISO',
      },
      { title: 'q2 2026 review', review_date: '2026-06-10', status: 'HELD', decisions: 'Budget for SIEM.' },
      { title: 'Q4 2026 review', review_date: '2026-12-09', next_review_due: '2027-06-01' },
      { title: 'Extra review', review_date: '2026-03-01', status: 'CANCELLED' },
      { title: 'Mid-year mfa check', review_date: '2026-07-01', owner: 'CISO' },
    ];
    all = await seedListRecords({ ...ctx, organizationId: ctx.org, actor }, ctx.storage.management_reviews, {
      rows,
      minutes: [3, 1, 5, 2, 4],
      foreign: { title: 'Alien review', review_date: '2026-01-01', status: 'HELD' },
      touched: {
        named: ['Extra review', 'Q4 2026 review'],
        name: (r) => r.title,
        patch: { chair: 'COO' },
        from: '2026-06-15T14:00:00.000Z',
      },
    });
  });

  it('keeps every clause 9.3 field as written, with PLANNED by default', () => {
    expect(all).toHaveLength(5);
    expect(byTitle('Q4 2025 review')).toMatchObject({
      status: 'HELD',
      attendees: 'CEO, CISO, CTO',
      previous_actions: 'All 2024 actions closed.',
      issue_changes: null,
      performance: 'Two minor nonconformities from the internal audit.',
      risk_results: 'Risk treatment plan 80% done.',
      decisions: 'Extend MFA to contractors.',
      actions: 'MFA rollout, IT, 2026-03-31.',
      next_review_due: '2026-06-10',
    });
    expect(byTitle('Q4 2026 review')).toMatchObject({ status: 'PLANNED', chair: 'COO', owner: null });
    expect(byTitle('Q4 2026 review').id).toMatch(/^mrv_/);
  });

  defineListTests<ManagementReview>({
    state: () => ({ list: (p) => ctx.storage.management_reviews.list(p), organizationId: ctx.org, all }),
    filters: [
      [{ status: ['HELD'] }, (r) => r.status === 'HELD'],
      [{ status: ['PLANNED', 'CANCELLED'] }, (r) => r.status !== 'HELD'],
      [{ held_before: '2026-06-10' }, (r) => r.review_date < '2026-06-10'],
      [{ held_after: '2026-03-01' }, (r) => r.review_date > '2026-03-01'],
      [{ query: 'MFA' }, (r) => r.title === 'Mid-year mfa check' || r.title === 'Q4 2025 review'],
      [{ query: 'q4' }, (r) => r.title.startsWith('Q4')],
      [
        { status: ['HELD'], held_after: '2026-01-01' },
        (r) => r.status === 'HELD' && r.review_date > '2026-01-01',
      ],
    ],
    orderings: [
      ['review_date', (r) => r.review_date],
      ['title', (r) => r.title.toLowerCase()],
      ['next_review_due', (r) => r.next_review_due],
    ],
    defaultOrder: { field: 'review_date', direction: 'desc' },
  });

  it('refuses a HELD review dated in the future, also when only one side changes', async () => {
    await expect(
      ctx.storage.management_reviews.create({
        organizationId: ctx.org,
        actor,
        data: { title: 'x', review_date: '2026-06-17', status: 'HELD' },
      }),
    ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'review_date' });
    const planned = byTitle('Q4 2026 review');
    const held = byTitle('q2 2026 review');
    const refusedPatches: [string, Record<string, unknown>][] = [
      [planned.id, { status: 'HELD' }],
      [held.id, { review_date: '2026-06-20' }],
    ];
    for (const [id, patch] of refusedPatches) {
      await expect(update(id, patch)).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'review_date' });
    }
    // Today in the latest time zone is still the past for a HELD review.
    const done = await update(planned.id, {
      status: 'HELD',
      review_date: '2026-06-16',
      improvement: 'Automate evidence.',
    });
    expect(done).toMatchObject({
      status: 'HELD',
      review_date: '2026-06-16',
      improvement: 'Automate evidence.',
    });
    const log = await ctx.storage.auditLog.list({
      organizationId: ctx.org,
      filters: { record_id: planned.id },
    });
    expect(log.items.map((entry) => entry.after)).toContainEqual(done);
    await update(planned.id, { status: 'PLANNED', review_date: '2026-12-09', improvement: null });
  });
});
