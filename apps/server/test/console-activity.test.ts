import { describe, expect, it } from 'vitest';
import { nameEntries } from '../src/console/activity-names.js';
import { useConsoleSession } from './console-client.js';
import { DRIVERS } from './harness.js';

describe.each(DRIVERS)('console activity names (%s)', (driver) => {
  const session = useConsoleSession(driver);

  it('names records (as they are now), actors and tokens instead of ids', async () => {
    const risk = await session.server.call('addRisk', {
      organization_id: session.org,
      name: 'Ransomware',
      inherent_likelihood: 4,
      inherent_impact: 5,
    });
    await session.server.call('updateRisk', {
      organization_id: session.org,
      id: risk.body.id,
      name: 'Ransomware attack',
    });
    await session.server.call('addNonconformity', {
      organization_id: session.org,
      reference: 'NC-7',
      title: 'Backups untested',
      severity: 'MAJOR',
    });
    await session.owner.post(`/orgs/${session.org}/tools/addMeasure`, { name: 'Backups' });
    const obligation = await session.server.call('addObligation', {
      organization_id: session.org,
      title: 'GDPR Art. 30',
      source: 'LAW',
    });
    await session.server.call('updateObligation', {
      organization_id: session.org,
      id: obligation.body.id,
      title: 'GDPR Art. 30 records',
    });
    await session.owner.post(`/orgs/${session.org}/invitations`, {
      email: 'auditor@example.test',
      role: 'VIEWER',
    });
    const { entries } = (await session.owner.get(`/orgs/${session.org}/activity`)).body;
    const byAction = (action: string) => entries.find((e: { action: string }) => e.action === action);
    expect(byAction('addRisk')).toMatchObject({ record_name: 'Ransomware attack', token_name: 'test write' });
    expect(byAction('updateRisk').record_name).toBe('Ransomware attack');
    expect(byAction('addRisk').actor_name).toBe(session.server.owner.email);
    expect(byAction('addNonconformity').record_name).toBe('NC-7 Backups untested');
    expect(byAction('addObligation').record_name).toBe('GDPR Art. 30 records');
    const invited = entries.find((e: { record_type: string }) => e.record_type === 'invitation');
    expect(invited.record_name).toBe('auditor@example.test');
    expect(byAction('addMeasure')).toMatchObject({
      record_name: 'Backups',
      token_id: null,
      token_name: null,
    });
  });

  it('looks names up only within the organization', async () => {
    const other = await session.server.addMember();
    const theirs = await session.server.call(
      'addRisk',
      {
        organization_id: other.organizationId,
        name: 'Their secret risk',
        inherent_likelihood: 1,
        inherent_impact: 1,
      },
      { token: other.token },
    );
    const entry = {
      id: 'log_x',
      organization_id: session.org,
      at: new Date().toISOString(),
      actor_user_id: other.userId,
      token_id: null,
      source: 'rest' as const,
      action: 'updateRisk',
      record_type: 'risk',
      record_id: theirs.body.id,
      before: null,
      after: null,
    };
    const [named] = await nameEntries({
      storage: session.server.storage,
      organizationId: session.org,
      entries: [entry],
    });
    expect(named?.record_name).toBeNull();
    const [own] = await nameEntries({
      storage: session.server.storage,
      organizationId: other.organizationId,
      entries: [entry],
    });
    expect(own?.record_name).toBe('Their secret risk');
  });
});
