import type { ManagementReview } from '@comply/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/index.js';
import type { CreateOf } from '../src/registers/define.js';
import { DRIVERS, fixedClock, openTestStorage, seedOrganization, testActor } from './helpers.js';
import { defineListTests } from './lists.js';

describe.each(DRIVERS)('management reviews on $name', ({ name }) => {
  let storage: Storage;
  let dispose: () => Promise<void>;
  // Today is 2026-06-15 in UTC; 2026-06-16 somewhere on Earth, so 2026-06-17 is in the future.
  const clock = fixedClock('2026-06-15T12:00:00.000Z');
  let org: string;
  const actor = testActor(null, 'addManagementReview');
  let all: ManagementReview[] = [];
  const byTitle = (title: string) => all.find((r) => r.title === title)!;

  beforeAll(async () => {
    ({ storage, dispose } = await openTestStorage({ driver: name, options: { clock } }));
    org = (await seedOrganization(storage)).organization.id;
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
    const minutes = [3, 1, 5, 2, 4];
    for (const [index, data] of rows.entries()) {
      clock.set(`2026-06-15T13:0${minutes[index]}:00.000Z`);
      await storage.management_reviews.create({ organizationId: org, actor, data });
    }
    await storage.management_reviews.create({
      organizationId: (await seedOrganization(storage, 'Other')).organization.id,
      actor,
      data: { title: 'Alien review', review_date: '2026-01-01', status: 'HELD' },
    });
    clock.set('2026-06-15T14:00:00.000Z');
    let page = await storage.management_reviews.list({ organizationId: org, pageSize: 100 });
    for (const title of ['Extra review', 'Q4 2026 review']) {
      clock.tick(60_000);
      const review = page.items.find((r) => r.title === title)!;
      await storage.management_reviews.update({
        organizationId: org,
        actor,
        id: review.id,
        patch: { chair: 'COO' },
      });
    }
    clock.set('2026-06-15T12:00:00.000Z');
    page = await storage.management_reviews.list({ organizationId: org, pageSize: 100 });
    all = page.items;
  });
  afterAll(() => dispose());

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
    state: () => ({ list: (p) => storage.management_reviews.list(p), organizationId: org, all }),
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
      ['created_at', (r) => r.created_at],
      ['updated_at', (r) => r.updated_at],
    ],
    defaultOrder: { field: 'review_date', direction: 'desc' },
  });

  it('refuses a HELD review dated in the future, also when only one side changes', async () => {
    await expect(
      storage.management_reviews.create({
        organizationId: org,
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
      await expect(
        storage.management_reviews.update({ organizationId: org, actor, id, patch }),
      ).rejects.toMatchObject({ code: 'INVALID_INPUT', field: 'review_date' });
    }
    // Today in the latest time zone is still the past for a HELD review.
    const done = await storage.management_reviews.update({
      organizationId: org,
      actor,
      id: planned.id,
      patch: { status: 'HELD', review_date: '2026-06-16', improvement: 'Automate evidence.' },
    });
    expect(done).toMatchObject({
      status: 'HELD',
      review_date: '2026-06-16',
      improvement: 'Automate evidence.',
    });
    const log = await storage.auditLog.list({ organizationId: org, filters: { record_id: planned.id } });
    expect(log.items.map((entry) => entry.after)).toContainEqual(done);
    await storage.management_reviews.update({
      organizationId: org,
      actor,
      id: planned.id,
      patch: { status: 'PLANNED', review_date: '2026-12-09', improvement: null },
    });
  });
});
