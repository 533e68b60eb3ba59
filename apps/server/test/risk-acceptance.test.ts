import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './console-client.js';
import { DRIVERS, useTestServer } from './harness.js';
import { type MemberClient, memberClient } from './member-client.js';

// acceptRisk over REST: who may accept, what it refuses, what getRisk shows and the audit log holds.
describe.each(DRIVERS)('risk acceptance (%s)', (driver) => {
  const server = useTestServer({ driver });
  let owner: MemberClient;
  let editor: MemberClient;
  let reader: MemberClient;
  let stranger: MemberClient;
  let ownerOrg: string;
  let ownerEmail: string;

  beforeAll(async () => {
    const first = await server.addMember();
    ownerOrg = first.organizationId;
    ownerEmail = first.email;
    owner = memberClient({ server, member: first });
    editor = memberClient({
      server,
      member: await server.addMember({ organizationId: ownerOrg, role: 'EDITOR' }),
    });
    reader = memberClient({
      server,
      member: await server.addMember({ organizationId: ownerOrg, role: 'ADMIN', scope: 'READ' }),
    });
    stranger = memberClient({ server, member: await server.addMember() });
  });

  const newRisk = (name: string) => owner.ok('addRisk', { name, inherent_likelihood: 3, inherent_impact: 4 });
  const acceptance = { rationale: 'Within the risk appetite.', expires_on: '2099-06-30' };

  it('accepts by an OWNER: the risk is ACCEPTED, getRisk shows the history, the audit log the write', async () => {
    const risk = await newRisk('Acc vendor outage');
    const accepted = await owner.ok('acceptRisk', {
      risk_id: risk.id,
      ...acceptance,
      conditions: 'Quarterly review.',
    });
    expect(accepted).toMatchObject({ id: risk.id, status: 'ACCEPTED', treatment: 'ACCEPT' });
    const again = await owner.ok('acceptRisk', { risk_id: risk.id, ...acceptance, expires_on: '2099-12-31' });
    const got = await owner.ok('getRisk', { id: risk.id });
    expect(got).toEqual(again);
    expect(got.acceptances).toMatchObject([
      { expires_on: '2099-12-31', state: 'ACTIVE', accepted_role: 'OWNER', conditions: null },
      { expires_on: '2099-06-30', state: 'SUPERSEDED', conditions: 'Quarterly review.' },
    ]);
    const entries = await server.storage.auditLog.list({
      organizationId: ownerOrg,
      filters: { record_id: risk.id },
      pageSize: 10,
    });
    expect(entries.items.filter((e) => e.action === 'acceptRisk')).toHaveLength(2);
    // A form that sends the status back unchanged is fine; leaving ACCEPTED ends the acceptance.
    await owner.ok('updateRisk', { id: risk.id, status: 'ACCEPTED', note: 'Checked.' });
    const reopened = await owner.ok('updateRisk', {
      id: risk.id,
      status: 'IN_TREATMENT',
      treatment: 'MITIGATE',
    });
    expect(reopened.acceptances.map((a: { state: string }) => a.state)).toEqual(['ENDED', 'SUPERSEDED']);
  });

  it('refuses an EDITOR (FORBIDDEN) and a read-only token, writing nothing', async () => {
    const risk = await newRisk('Acc editor');
    const byEditor = await editor.call('acceptRisk', { risk_id: risk.id, ...acceptance });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.error.message).toMatch(/OWNER or ADMIN/);
    const byReader = await reader.call('acceptRisk', { risk_id: risk.id, ...acceptance });
    expect(byReader.status).toBe(403);
    expect(await owner.ok('getRisk', { id: risk.id })).toMatchObject({ status: 'OPEN', acceptances: [] });
  });

  it('refuses a risk of another organization as not found, whichever organization is named', async () => {
    const risk = await newRisk('Acc foreign');
    const named = await stranger.call('acceptRisk', { risk_id: risk.id, ...acceptance });
    expect(named.status).toBe(404);
    const theirs = await stranger.call('acceptRisk', {
      organization_id: ownerOrg,
      risk_id: risk.id,
      ...acceptance,
    });
    expect(theirs.status).toBe(404);
    expect(await owner.ok('getRisk', { id: risk.id })).toMatchObject({ status: 'OPEN', acceptances: [] });
  });

  it('names the field: an expiry not in the future, a missing rationale, ACCEPTED set directly', async () => {
    const risk = await newRisk('Acc invalid');
    const cases: [string, Record<string, unknown>, string][] = [
      ['acceptRisk', { risk_id: risk.id, rationale: 'x', expires_on: '2001-01-01' }, 'expires_on'],
      ['acceptRisk', { risk_id: risk.id, rationale: 'x', expires_on: '2099-02-30' }, 'expires_on'],
      ['acceptRisk', { risk_id: risk.id, expires_on: '2099-01-01' }, 'rationale'],
      ['updateRisk', { id: risk.id, status: 'ACCEPTED', treatment: 'ACCEPT' }, 'status'],
      ['addRisk', { name: 'x', inherent_likelihood: 1, inherent_impact: 1, status: 'ACCEPTED' }, 'status'],
      [
        'addRisk',
        { name: 'x', inherent_likelihood: 1, inherent_impact: 1, treatment: 'ACCEPT' },
        'treatment',
      ],
      ['updateRisk', { id: risk.id, treatment: 'ACCEPT' }, 'treatment'],
    ];
    for (const [tool, input, field] of cases) {
      const result = await owner.call(tool, input);
      expect(result.status, `${tool} ${field}`).toBe(400);
      expect(result.body.error).toMatchObject({ code: 'INVALID_INPUT', field });
      if (tool !== 'acceptRisk') expect(result.body.error.message).toContain('acceptRisk');
    }
    expect(await owner.ok('getRisk', { id: risk.id })).toMatchObject({ status: 'OPEN', treatment: null });
  });

  it('refuses ACCEPTED or ACCEPT from the console forms too, naming the field and acceptRisk', async () => {
    const risk = await newRisk('Acc console');
    const console = await signedIn({ server, email: ownerEmail });
    const tools = `/orgs/${ownerOrg}/tools`;
    const cases: [string, Record<string, unknown>, string][] = [
      ['addRisk', { name: 'x', inherent_likelihood: 1, inherent_impact: 1, status: 'ACCEPTED' }, 'status'],
      [
        'addRisk',
        { name: 'x', inherent_likelihood: 1, inherent_impact: 1, treatment: 'ACCEPT' },
        'treatment',
      ],
      ['updateRisk', { id: risk.id, status: 'ACCEPTED', treatment: 'ACCEPT' }, 'status'],
      ['updateRisk', { id: risk.id, treatment: 'ACCEPT' }, 'treatment'],
    ];
    for (const [tool, input, field] of cases) {
      const reply = await console.post(`${tools}/${tool}`, input);
      expect(reply.status, `${tool} ${field}`).toBe(400);
      expect(reply.body.error).toMatchObject({ code: 'INVALID_INPUT', field });
      expect(reply.body.error.message).toContain('acceptRisk');
    }
    const accepted = await console.post(`${tools}/acceptRisk`, { risk_id: risk.id, ...acceptance });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'ACCEPTED', treatment: 'ACCEPT' });
  });
});
