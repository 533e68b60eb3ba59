import { describe, expect, it } from 'vitest';
import { consoleClient, signedIn, useConsoleSession } from './console-client.js';
import { DRIVERS } from './harness.js';

describe.each(DRIVERS)('console writes through the tool core (%s)', (driver) => {
  const session = useConsoleSession(driver);

  it('creates and updates a record, audited as the signed-in user from the console', async () => {
    const added = await session.owner.post(`/orgs/${session.org}/tools/addRisk`, {
      name: 'Phishing',
      inherent_likelihood: 4,
      inherent_impact: 3,
    });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ name: 'Phishing', organization_id: session.org, inherent_score: 12 });
    const updated = await session.owner.post(`/orgs/${session.org}/tools/updateRisk`, {
      id: added.body.id,
      status: 'IN_TREATMENT',
      expected_updated_at: added.body.updated_at,
    });
    expect(updated.status).toBe(200);
    expect(updated.body.status).toBe('IN_TREATMENT');

    const log = await session.owner.get(`/orgs/${session.org}/activity?record_id=${added.body.id}`);
    expect(log.body.entries.map((e: { action: string; source: string }) => [e.action, e.source])).toEqual([
      ['updateRisk', 'console'],
      ['addRisk', 'console'],
    ]);
    expect(log.body.entries[0]).toMatchObject({ actor_user_id: session.server.owner.userId, token_id: null });
    // The console's read views see the write at once (the read cache is the tools').
    const read = await session.owner.get(`/orgs/${session.org}/registers/risks/${added.body.id}`);
    expect(read.body.status).toBe('IN_TREATMENT');
  });

  it('names the field of invalid input and refuses a stale edit', async () => {
    const bad = await session.owner.post(`/orgs/${session.org}/tools/addRisk`, {
      name: 'x',
      inherent_likelihood: 9,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'inherent_likelihood' });
    // The console also gets every field at fault with a code and its limit, to word at each field.
    expect(bad.body.error.field_issues).toEqual([
      { field: 'inherent_likelihood', code: 'too_big', origin: 'number', maximum: 5 },
      { field: 'inherent_impact', code: 'missing' },
    ]);
    const empty = await session.owner.post(`/orgs/${session.org}/tools/addVendor`, {
      contact_email: 'nope',
      risk_tier: 'WILD',
    });
    expect(empty.body.error.field_issues).toEqual(
      expect.arrayContaining([
        { field: 'name', code: 'missing' },
        { field: 'contact_email', code: 'invalid_format', format: 'email' },
        { field: 'risk_tier', code: 'invalid_value', values: expect.arrayContaining(['HIGH']) },
      ]),
    );
    // The tools keep their model-oriented message and send no field_issues.
    const rest = await session.server.call('addRisk', {
      organization_id: session.org,
      name: 'x',
      inherent_likelihood: 9,
    });
    expect(rest.body).toMatchObject({ error: { code: 'INVALID_INPUT', field: 'inherent_likelihood' } });
    expect(rest.body.error.message).toContain('`inherent_likelihood`');
    expect(rest.body.error.field_issues).toBeUndefined();

    const risk = (
      await session.owner.post(`/orgs/${session.org}/tools/addRisk`, {
        name: 'Stale',
        inherent_likelihood: 1,
        inherent_impact: 1,
      })
    ).body;
    await session.owner.post(`/orgs/${session.org}/tools/updateRisk`, { id: risk.id, name: 'Fresh' });
    const stale = await session.owner.post(`/orgs/${session.org}/tools/updateRisk`, {
      id: risk.id,
      name: 'Mine',
      expected_updated_at: risk.updated_at,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('CONFLICT');
  });

  it('replays an idempotency key instead of creating twice', async () => {
    const input = {
      name: 'Once',
      inherent_likelihood: 2,
      inherent_impact: 2,
      idempotency_key: 'console-form-1',
    };
    const first = await session.owner.post(`/orgs/${session.org}/tools/addRisk`, input);
    const second = await session.owner.post(`/orgs/${session.org}/tools/addRisk`, input);
    expect(second.body.id).toBe(first.body.id);
    const listed = await session.owner.get(`/orgs/${session.org}/registers/risks?query=Once`);
    expect(listed.body.total_count).toBe(1);
  });

  it('refuses VIEWERs, read tools, other organizations and their records', async () => {
    const viewer = await session.server.addMember({ organizationId: session.org, role: 'VIEWER' });
    const asViewer = await signedIn({ server: session.server, email: viewer.email });
    const refused = await asViewer.post(`/orgs/${session.org}/tools/addRisk`, {
      name: 'Nope',
      inherent_likelihood: 1,
      inherent_impact: 1,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');

    expect((await session.owner.post(`/orgs/${session.org}/tools/listRisks`, {})).status).toBe(404);
    expect(
      (await session.owner.post(`/orgs/${session.org}/tools/addOrganization`, { name: 'x' })).status,
    ).toBe(404);
    expect((await session.owner.post(`/orgs/${session.org}/tools/constructor`, {})).status).toBe(404);

    const stranger = await session.server.addMember();
    const asStranger = await signedIn({ server: session.server, email: stranger.email });
    expect((await asStranger.post(`/orgs/${session.org}/tools/addRisk`, { name: 'x' })).status).toBe(404);
    const theirs = (
      await asStranger.post(`/orgs/${stranger.organizationId}/tools/addRisk`, {
        name: 'Theirs',
        inherent_likelihood: 1,
        inherent_impact: 1,
      })
    ).body;
    // Their record through our organization's route: not found, and unchanged.
    const cross = await session.owner.post(`/orgs/${session.org}/tools/updateRisk`, {
      id: theirs.id,
      name: 'Taken',
    });
    expect(cross.status).toBe(404);
    const still = await asStranger.get(`/orgs/${stranger.organizationId}/registers/risks/${theirs.id}`);
    expect(still.body.name).toBe('Theirs');
  });

  it('needs a session and the CSRF header', async () => {
    const anonymous = consoleClient(session.server.url);
    expect((await anonymous.post(`/orgs/${session.org}/tools/addRisk`, { name: 'x' })).status).toBe(401);
    const noCsrf = await session.owner.request({
      method: 'POST',
      path: `/orgs/${session.org}/tools/addRisk`,
      body: { name: 'x', inherent_likelihood: 1, inherent_impact: 1 },
      csrf: false,
    });
    expect(noCsrf.status).toBe(403);
  });

  it('answers the app error handler’s 413 and the read tools’ own validation on console routes', async () => {
    // A body over the limit: the same PAYLOAD_TOO_LARGE as the MCP and REST routes, writing nothing.
    const big = await session.owner.post(`/orgs/${session.org}/tools/addRisk`, {
      name: 'x'.repeat(2_000_000),
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    expect(big.body.error.message).toMatch(/^The request body exceeds \d+ bytes\.$/);
    // A register view runs its list tool through the tool core: the tool's error, naming the field.
    const read = await session.owner.get(`/orgs/${session.org}/registers/risks?min_residual_score=99`);
    expect(read.status).toBe(400);
    expect(read.body.error).toMatchObject({ code: 'INVALID_INPUT', field: 'min_residual_score' });
    expect(read.body.error.field_issues).toEqual([expect.objectContaining({ field: 'min_residual_score' })]);
  });
});
