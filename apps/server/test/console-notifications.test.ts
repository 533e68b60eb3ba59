import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedIn } from './console-client.js';
import { DRIVERS, startTestServer, type TestServer } from './harness.js';

describe.each(DRIVERS)('notification preferences in the console API (%s)', (driver) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ driver });
  }, 120_000);
  afterAll(() => server?.stop());

  it('reads the defaults, changes only the caller’s own, audits it, and names a bad field', async () => {
    const client = await signedIn({ server, email: server.owner.email });
    const path = `/orgs/${server.owner.organizationId}/notifications`;
    const first = await client.get(path);
    expect(first.status).toBe(200);
    expect(first.body.preferences).toMatchObject({
      due_soon_days: 3,
      overdue: true,
      digest: true,
      updated_at: null,
    });
    expect(first.body.mail_enabled).toBe(false);

    const changed = await client.request({ method: 'PUT', path, body: { due_soon_days: 7, digest: false } });
    expect(changed.status).toBe(200);
    expect(changed.body.preferences).toMatchObject({ due_soon_days: 7, overdue: true, digest: false });
    expect(
      await server.storage.reminders.preferences.get({
        organizationId: server.owner.organizationId,
        userId: server.owner.userId,
      }),
    ).toMatchObject({ due_soon_days: 7, digest: false });
    const activity = await server.storage.db
      .selectFrom('audit_log')
      .select(['action', 'actor_user_id', 'source'])
      .where('record_type', '=', 'notification_preferences')
      .execute();
    expect(activity).toEqual([
      { action: 'setNotificationPreferences', actor_user_id: server.owner.userId, source: 'console' },
    ]);

    const bad = await client.request({ method: 'PUT', path, body: { due_soon_days: 45 } });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('due_soon_days');
    const unknown = await client.request({ method: 'PUT', path, body: { weekly: true } });
    expect(unknown.status).toBe(400);

    // A member of another organization sees the owner's organization as not found.
    const stranger = await server.addMember();
    const other = await signedIn({ server, email: stranger.email });
    expect((await other.get(path)).status).toBe(404);
    expect((await other.request({ method: 'PUT', path, body: { digest: true } })).status).toBe(404);
    // And another member's choices are their own.
    const editor = await server.addMember({ organizationId: server.owner.organizationId, role: 'EDITOR' });
    const theirs = await signedIn({ server, email: editor.email });
    expect((await theirs.get(path)).body.preferences).toMatchObject({ due_soon_days: 3, digest: true });
  });
});
