import { describe, expect, it } from 'vitest';
import { DRIVERS } from './harness.js';
import { memberClient, useMemberClient } from './member-client.js';

/** Today ± `days` as YYYY-MM-DD (the server's "today" is the UTC date). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

// Vendors, obligations, nonconformities and audits: date filters and computed flags, over REST.
describe.each(DRIVERS)('vendors, obligations, nonconformities and audits (%s)', (driver) => {
  const as = useMemberClient(driver);

  it('computes vendor review dates and filters on them', async () => {
    const add = (input: Record<string, unknown>) => as.ok('addVendor', input);
    const overdue = await add({ name: 'Acme', last_reviewed_at: '2000-01-01', review_interval_days: 10 });
    const never = await add({ name: 'Bolt', risk_tier: 'CRITICAL', contract_end: '2001-06-30' });
    const fresh = await add({ name: 'Cloudy', last_reviewed_at: day(0), processes_personal_data: true });
    const gone = await add({ name: 'Dusty', status: 'OFFBOARDED' });
    expect(overdue).toMatchObject({
      next_review_due: '2000-01-11',
      review_overdue: true,
      review_interval_days: 10,
    });
    expect(never).toMatchObject({
      next_review_due: null,
      review_overdue: false,
      never_reviewed: true,
      risk_tier: 'CRITICAL',
    });
    expect(fresh).toMatchObject({ next_review_due: day(365), review_overdue: false, never_reviewed: false });
    expect(gone).toMatchObject({ review_overdue: false, never_reviewed: false });

    const ids = (input: Record<string, unknown>) => as.ids('listVendors', input);
    expect(await ids({})).toEqual([overdue.id, never.id, fresh.id, gone.id]);
    expect(await ids({ review_overdue: true })).toEqual([overdue.id]);
    expect(await ids({ never_reviewed: true })).toEqual([never.id]);
    expect(await ids({ never_reviewed: false })).toEqual([overdue.id, fresh.id, gone.id]);
    expect(await ids({ status: ['OFFBOARDED'] })).toEqual([gone.id]);
    expect(await ids({ risk_tier: ['CRITICAL', 'HIGH'] })).toEqual([never.id]);
    expect(await ids({ processes_personal_data: true })).toEqual([fresh.id]);
    expect(await ids({ reviewed_before: day(0) })).toEqual([overdue.id]);
    expect(await ids({ reviewed_after: '2000-01-01' })).toEqual([fresh.id]);
    expect(await ids({ review_due_before: day(1) })).toEqual([overdue.id]);
    expect(await ids({ contract_ends_before: '2002-01-01' })).toEqual([never.id]);
    expect(await ids({ order_by: { field: 'next_review_due' } })).toEqual([
      overdue.id,
      fresh.id,
      never.id,
      gone.id,
    ]);

    const duplicate = await as.call('addVendor', { name: 'ACME' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('CONFLICT');
    const reviewed = await as.ok('updateVendor', { id: never.id, last_reviewed_at: day(0) });
    expect(reviewed).toMatchObject({ review_overdue: false, next_review_due: day(365) });
  });

  it('computes obligation overdue and filters on due dates, status and source', async () => {
    const add = (input: Record<string, unknown>) => as.ok('addObligation', { source: 'LAW', ...input });
    const late = await add({ title: 'GDPR Art. 30', due_date: '2000-01-01', area: 'Data protection' });
    const done = await add({
      title: 'Contract SLA',
      source: 'CONTRACT',
      due_date: '2000-02-01',
      status: 'COMPLIANT',
    });
    const later = await add({
      title: 'NIS2 report',
      due_date: day(30),
      regulator: 'BSI',
      last_review_date: '2001-01-01',
    });
    const open = await add({ title: 'Policy refresh', source: 'POLICY' });
    expect(late.overdue).toBe(true);
    expect(done.overdue).toBe(false);

    const ids = (input: Record<string, unknown>) => as.ids('listObligations', input);
    expect(await ids({})).toEqual([late.id, done.id, later.id, open.id]);
    expect(await ids({ overdue: true })).toEqual([late.id]);
    expect(await ids({ status: ['COMPLIANT'] })).toEqual([done.id]);
    expect(await ids({ source: ['CONTRACT', 'POLICY'] })).toEqual([done.id, open.id]);
    expect(await ids({ due_before: '2000-02-01' })).toEqual([late.id]);
    expect(await ids({ due_after: '2000-01-01', due_before: day(365) })).toEqual([done.id, later.id]);
    expect(await ids({ area: 'data protection' })).toEqual([late.id]);
    expect(await ids({ regulator: 'bsi', reviewed_before: '2002-01-01' })).toEqual([later.id]);
    expect(await ids({ query: 'art. 30' })).toEqual([late.id]);
    expect(await ids({ order_by: { field: 'title', direction: 'desc' } })).toEqual([
      open.id,
      later.id,
      late.id,
      done.id,
    ]);

    const fixed = await as.ok('updateObligation', {
      id: late.id,
      status: 'COMPLIANT',
      actions: 'Records kept',
    });
    expect(fixed).toMatchObject({ overdue: false, actions: 'Records kept' });
  });

  it('generates nonconformity references, sets closed_at and filters open and overdue ones', async () => {
    const audit = await as.ok('addAudit', { name: 'NC audit', kind: 'EXTERNAL' });
    const add = (input: Record<string, unknown>) =>
      as.ok('addNonconformity', { severity: 'MINOR', ...input });
    const major = await add({
      title: 'No backups',
      severity: 'MAJOR',
      date_identified: '2024-03-01',
      due_date: '2024-04-01',
    });
    const minor = await add({ title: 'Stale policy', date_identified: '2024-05-01', audit_id: audit.id });
    const named = await add({ title: 'Observed', reference: 'EXT-1', severity: 'OBSERVATION' });
    expect(major).toMatchObject({ reference: 'NC-2024-001', status: 'OPEN', overdue: true, closed_at: null });
    expect(minor.reference).toBe('NC-2024-002');
    expect(named).toMatchObject({ reference: 'EXT-1', date_identified: day(0) });

    const duplicate = await as.call('addNonconformity', {
      title: 'Again',
      severity: 'MINOR',
      reference: 'EXT-1',
    });
    expect(duplicate.status).toBe(409);
    const foreignAudit = await as.call('addNonconformity', {
      title: 'x',
      severity: 'MINOR',
      audit_id: 'aud_X',
    });
    expect(foreignAudit.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'audit_id' });

    const closed = await as.ok('updateNonconformity', {
      id: major.id,
      status: 'CLOSED',
      root_cause: 'No owner',
      corrective_action: 'Owner named',
    });
    expect(closed).toMatchObject({ overdue: false, closed_at: expect.any(String), root_cause: 'No owner' });

    const ids = (input: Record<string, unknown>) => as.ids('listNonconformities', input);
    expect(await ids({})).toEqual([named.id, minor.id, major.id]);
    expect(await ids({ open: true })).toEqual([named.id, minor.id]);
    expect(await ids({ status: ['CLOSED'] })).toEqual([major.id]);
    expect(await ids({ severity: ['OBSERVATION'] })).toEqual([named.id]);
    expect(await ids({ audit_id: audit.id })).toEqual([minor.id]);
    expect(await ids({ identified_after: '2024-03-01', identified_before: day(0) })).toEqual([minor.id]);
    expect(await ids({ query: 'nc-2024-00' })).toEqual([minor.id, major.id]);
    expect(await ids({ order_by: { field: 'reference' } })).toEqual([named.id, major.id, minor.id]);

    const overdue = await as.ok('updateNonconformity', { id: minor.id, due_date: '2024-06-01' });
    expect(overdue.overdue).toBe(true);
    expect(await ids({ overdue: true })).toEqual([minor.id]);
    expect(await ids({ due_before: '2024-05-01' })).toEqual([major.id]);
    const reopened = await as.ok('updateNonconformity', { id: major.id, status: 'IN_PROGRESS' });
    expect(reopened.closed_at).toBeNull();
  });

  it('computes upcoming audits and filters on start dates, state, kind and framework', async () => {
    // A fresh organization: the nonconformity test added an audit of its own.
    const own = memberClient({ server: as.server, member: await as.server.addMember() });
    const fw = await own.ok('addFramework', { name: 'Audit framework' });
    const add = (input: Record<string, unknown>) => own.ok('addAudit', { kind: 'INTERNAL', ...input });
    const soon = await add({ name: 'Soon', start_date: day(10), end_date: day(12), framework_id: fw.id });
    const far = await add({ name: 'Far', kind: 'EXTERNAL', start_date: day(200), auditor: 'Kiwa' });
    const past = await add({ name: 'Past', state: 'COMPLETED', start_date: '2020-01-01' });
    const undated = await add({ name: 'Undated' });
    expect(soon.upcoming).toBe(true);
    expect(past.upcoming).toBe(false);

    const ids = (input: Record<string, unknown>) => own.ids('listAudits', input);
    expect(await ids({})).toEqual([past.id, soon.id, far.id, undated.id]);
    expect(await ids({ upcoming: true })).toEqual([soon.id, far.id]);
    expect(await ids({ upcoming_within_days: 30 })).toEqual([soon.id]);
    expect(await ids({ state: ['COMPLETED'] })).toEqual([past.id]);
    expect(await ids({ kind: ['EXTERNAL'] })).toEqual([far.id]);
    expect(await ids({ framework_id: fw.id })).toEqual([soon.id]);
    expect(await ids({ start_after: day(10), start_before: day(365) })).toEqual([far.id]);
    expect(await ids({ query: 'KIWA' })).toEqual([far.id]);
    expect(await ids({ order_by: { field: 'name' } })).toEqual([far.id, past.id, soon.id, undated.id]);

    const backwards = await own.call('updateAudit', { id: soon.id, end_date: day(5) });
    expect(backwards.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'end_date' });
    const cancelled = await own.ok('updateAudit', { id: far.id, state: 'CANCELLED', report_url: null });
    expect(cancelled.upcoming).toBe(false);
  });
});
