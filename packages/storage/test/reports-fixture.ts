import { sql } from 'kysely';
import type { Storage } from '../src/index.js';
import { seedOrganization, testActor } from './helpers.js';

/**
 * A small organization with known numbers for the report tests (today = 2026-06-15), plus a
 * second organization whose records must never show up in the first one's reports.
 */
export async function buildReportFixture(storage: Storage) {
  const org = (await seedOrganization(storage, 'Reported')).organization.id;
  const actor = testActor(null, 'fixture');
  const at = { organizationId: org, actor };
  const iso = await storage.frameworks.create({
    ...at,
    data: {
      name: 'ISO 27001',
      version: '2022',
      controls: ['A.5.10', 'A.5.1', 'A.8.2', 'A.5.2', 'A.8.1'].map((code) => ({
        code,
        title: `Control ${code}`,
      })),
    },
  });
  const gdpr = await storage.frameworks.create({
    ...at,
    data: {
      name: 'GDPR',
      controls: [
        { code: 'Art. 5', title: 'Principles' },
        { code: 'Art. 32', title: 'Security' },
      ],
    },
  });
  const ctl = (code: string) => ({ framework_id: iso.id, control_code: code });
  const measure = (data: Parameters<Storage['measures']['create']>[0]['data']) =>
    storage.measures.create({ ...at, data });
  const access = await measure({
    name: 'Access policy',
    state: 'IMPLEMENTED',
    controls: [ctl('A.5.1'), ctl('A.5.10')],
    evidence: [{ title: 'Policy v3' }, { title: 'Review minutes', url: 'https://example.com/minutes' }],
  });
  const backups = await measure({ name: 'Backups', state: 'IMPLEMENTED', controls: [ctl('A.5.2')] });
  const logging = await measure({ name: 'Logging', state: 'IN_PROGRESS', controls: [ctl('A.5.2')] });
  const training = await measure({
    name: 'Security training',
    state: 'NOT_STARTED',
    controls: [ctl('A.5.10')],
  });
  const disposal = await measure({
    name: 'Physical media disposal',
    state: 'NOT_APPLICABLE',
    controls: [ctl('A.8.2')],
  });
  await measure({ name: 'Encryption', state: 'IMPLEMENTED' });
  await measure({ name: 'Asset inventory', state: 'NOT_STARTED' });

  const risk = (data: Parameters<Storage['risks']['create']>[0]['data']) =>
    storage.risks.create({ ...at, data });
  const ransomware = await risk({
    name: 'Ransomware',
    inherent_likelihood: 5,
    inherent_impact: 5,
    measure_ids: [access.id],
  });
  const leak = await risk({
    name: 'Data leak',
    status: 'IN_TREATMENT',
    inherent_likelihood: 5,
    inherent_impact: 5,
    residual_likelihood: 4,
    residual_impact: 4,
    measure_ids: [logging.id],
    owner: 'CISO',
  });
  await risk({ name: 'Old server', status: 'CLOSED', inherent_likelihood: 5, inherent_impact: 4 });
  // An ACCEPTED risk without an acceptance record: a row from before acceptances were recorded
  // (migration 024), which no writer can make today, so it is set here in SQL.
  const added = await risk({ name: 'Vendor outage', inherent_likelihood: 4, inherent_impact: 5 });
  await sql`update risks set status = 'ACCEPTED', treatment = 'ACCEPT' where id = ${added.id}`.execute(
    storage.db,
  );
  const outage = (await storage.risks.get({ organizationId: org, id: added.id }))!;
  await risk({ name: 'Phishing', inherent_likelihood: 3, inherent_impact: 5 });
  await risk({ name: 'Minor', inherent_likelihood: 2, inherent_impact: 2 });

  const obligation = (data: Parameters<Storage['obligations']['create']>[0]['data']) =>
    storage.obligations.create({ ...at, data });
  const records = await obligation({
    title: 'Records of processing',
    source: 'LAW',
    due_date: '2026-06-01',
    owner: 'DPO',
  });
  const dpa = await obligation({
    title: 'DPA',
    source: 'CONTRACT',
    status: 'PARTIALLY_COMPLIANT',
    due_date: '2026-05-01',
  });
  await obligation({ title: 'Done', source: 'POLICY', status: 'COMPLIANT', due_date: '2026-01-01' });
  await obligation({ title: 'Due today', source: 'STANDARD', due_date: '2026-06-15' });
  await obligation({ title: 'No date', source: 'REGULATION' });

  // Assets: two RESTRICTED (one reviewed recently, one never), one INTERNAL overdue, no CONFIDENTIAL or PUBLIC.
  const asset = (data: Parameters<Storage['assets']['create']>[0]['data']) =>
    storage.assets.create({ ...at, data });
  await asset({
    name: 'Records',
    type: 'DATA',
    classification: 'RESTRICTED',
    last_reviewed_at: '2026-06-01',
  });
  await asset({ name: 'Backups', type: 'DATA', classification: 'RESTRICTED' });
  await asset({ name: 'Laptops', type: 'DEVICE', last_reviewed_at: '2025-01-01' });

  const vendor = (data: Parameters<Storage['vendors']['create']>[0]['data']) =>
    storage.vendors.create({ ...at, data });
  const alpha = await vendor({ name: 'Alpha', risk_tier: 'CRITICAL' });
  const beta = await vendor({ name: 'Beta', risk_tier: 'LOW' });
  const gamma = await vendor({ name: 'Gamma', risk_tier: 'HIGH', last_reviewed_at: '2025-01-01' });
  await vendor({ name: 'Delta', risk_tier: 'MEDIUM', last_reviewed_at: '2026-01-01' });
  await vendor({ name: 'Epsilon', risk_tier: 'CRITICAL', status: 'OFFBOARDED' });
  const zeta = await vendor({
    name: 'Zeta',
    risk_tier: 'CRITICAL',
    last_reviewed_at: '2025-03-01',
    review_interval_days: 180,
  });

  const audit = (data: Parameters<Storage['audits']['create']>[0]['data']) =>
    storage.audits.create({ ...at, data });
  const internal = await audit({
    name: 'Internal ISO audit',
    framework_id: iso.id,
    kind: 'INTERNAL',
    state: 'COMPLETED',
    start_date: '2026-03-01',
    end_date: '2026-03-05',
  });
  const surveillance = await audit({ name: 'Surveillance', kind: 'EXTERNAL', start_date: '2026-07-01' });
  const pentest = await audit({
    name: 'Pentest',
    kind: 'INTERNAL',
    state: 'IN_PROGRESS',
    start_date: '2026-09-01',
  });
  const recert = await audit({ name: 'Recertification', kind: 'EXTERNAL', start_date: '2026-12-01' });
  await audit({ name: 'Cancelled', kind: 'EXTERNAL', state: 'CANCELLED', start_date: '2026-07-10' });

  const nc = (data: Parameters<Storage['nonconformities']['create']>[0]['data']) =>
    storage.nonconformities.create({ ...at, data });
  const nc1 = await nc({
    title: 'Unreviewed access',
    severity: 'MAJOR',
    audit_id: internal.id,
    due_date: '2026-06-10',
    date_identified: '2026-03-03',
  });
  await nc({
    title: 'Fixed',
    severity: 'MINOR',
    status: 'CLOSED',
    root_cause: 'Checklist step missing',
    corrective_action: 'Step added to the checklist',
    audit_id: internal.id,
    due_date: '2026-05-01',
    date_identified: '2026-03-03',
  });
  const nc3 = await nc({
    title: 'Naming',
    severity: 'OBSERVATION',
    status: 'IN_PROGRESS',
    audit_id: internal.id,
    due_date: '2026-07-01',
    date_identified: '2026-03-04',
  });
  const nc4 = await nc({
    title: 'No audit',
    severity: 'MAJOR',
    due_date: '2026-06-01',
    date_identified: '2026-05-01',
  });

  const other = (await seedOrganization(storage, 'Other')).organization.id;
  const there = { organizationId: other, actor };
  const foreignFramework = await storage.frameworks.create({
    ...there,
    data: { name: 'Foreign', controls: [{ code: 'X', title: 'X' }] },
  });
  await storage.risks.create({
    ...there,
    data: { name: 'Foreign risk', inherent_likelihood: 5, inherent_impact: 5 },
  });
  await storage.obligations.create({
    ...there,
    data: { title: 'Foreign duty', source: 'LAW', due_date: '2026-01-01' },
  });
  await storage.vendors.create({ ...there, data: { name: 'Foreign vendor', risk_tier: 'CRITICAL' } });
  await storage.assets.create({
    ...there,
    data: { name: 'Foreign asset', type: 'DATA', classification: 'PUBLIC' },
  });
  await storage.measures.create({ ...there, data: { name: 'Foreign measure', state: 'IMPLEMENTED' } });
  const foreignAudit = await storage.audits.create({
    ...there,
    data: {
      name: 'Foreign audit',
      framework_id: foreignFramework.id,
      kind: 'EXTERNAL',
      start_date: '2026-06-20',
    },
  });
  await storage.nonconformities.create({
    ...there,
    data: { title: 'Foreign NC', severity: 'MAJOR', audit_id: foreignAudit.id, due_date: '2026-01-01' },
  });

  return {
    org,
    other,
    iso,
    gdpr,
    foreignFramework,
    measures: { access, backups, logging, training, disposal },
    risks: { ransomware, leak, outage },
    obligations: { records, dpa },
    vendors: { alpha, beta, gamma, zeta },
    audits: { internal, surveillance, pentest, recert },
    nonconformities: { nc1, nc3, nc4 },
  };
}

/** The fixture's ids and records. */
export type ReportFixture = Awaited<ReturnType<typeof buildReportFixture>>;
