import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createChangeFeed } from '../src/changes/feed.js';
import { listenerName } from '../src/changes/listen.js';
import { openStorage } from '../src/index.js';
import { DEFERRED_CHANGE_CODE } from '../src/migrations/013_deferred_notify.js';
import { dropSchema, openTestStorage, randomSchema, seedOrganization } from './helpers.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('change feed', () => {
  it('gives no data version while remote changes could go unseen', () => {
    const feed = createChangeFeed({ schema: 's' });
    expect(feed.dataVersion('org_1')).toBeUndefined();
    feed.setLive(true);
    expect(feed.dataVersion('org_1')).toBeTypeOf('number');
    feed.setLive(false);
    expect(feed.dataVersion('org_1')).toBeUndefined();
  });

  it('bumps only the named organization, and only for its own schema', () => {
    const feed = createChangeFeed({ schema: 's', live: true });
    const one = feed.dataVersion('org_1');
    const two = feed.dataVersion('org_2');
    feed.receive('other org org_1');
    expect(feed.dataVersion('org_1')).toBe(one);
    feed.receive('s org org_1');
    expect(feed.dataVersion('org_1')).not.toBe(one);
    expect(feed.dataVersion('org_2')).toBe(two);
    const auth = feed.authVersion();
    feed.receive('s auth');
    expect(feed.authVersion()).not.toBe(auth);
  });

  it('starts every version afresh when the listener comes back', () => {
    const feed = createChangeFeed({ schema: 's', live: true });
    const version = feed.dataVersion('org_1');
    const auth = feed.authVersion();
    feed.setLive(false);
    feed.setLive(true);
    expect(feed.dataVersion('org_1')).not.toBe(version);
    expect(feed.authVersion()).not.toBe(auth);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('change listener on PostgreSQL', () => {
  it('stops vouching for data versions while its connection is down, and recovers', async () => {
    const { storage, schema, dispose } = await openTestStorage({ driver: 'postgres' });
    try {
      expect(storage.changes.dataVersion('org_1')).toBeTypeOf('number');
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = ${listenerName(schema)}`.execute(storage.db);
      const down = Date.now() + 2000;
      while (storage.changes.dataVersion('org_1') !== undefined && Date.now() < down) await pause(10);
      expect(storage.changes.dataVersion('org_1')).toBeUndefined();
      const up = Date.now() + 5000;
      while (storage.changes.dataVersion('org_1') === undefined && Date.now() < up) await pause(50);
      expect(storage.changes.dataVersion('org_1')).toBeTypeOf('number');
    } finally {
      await dispose();
    }
  });
});

/** A plain session on the test schema that records the notifications of that schema and the notices it receives. */
async function rawSession(schema: string, options = '') {
  const client = new pg.Client({
    connectionString: process.env.TEST_DATABASE_URL,
    options: `-c search_path=${schema} ${options}`,
  });
  const notifications: string[] = [];
  const notices: { code: string | undefined; message: string | undefined }[] = [];
  // The channel is the database's: other schemas' writes (other test files, benchmarks) are not ours.
  client.on('notification', (message) => {
    if (message.payload?.startsWith(`${schema} `)) notifications.push(message.payload);
  });
  client.on('notice', (notice) => notices.push({ code: notice.code, message: notice.message }));
  await client.connect();
  await client.query('listen comply_changes');
  return { client, notifications, notices };
}

const orgPayloads = (payloads: string[]) => payloads.filter((payload) => payload.includes(' org '));

const insertRisk = (organizationId: string) =>
  `insert into risks (id, organization_id, name, status, inherent_likelihood, inherent_impact,
     residual_likelihood, residual_impact, created_at, updated_at)
   values ('risk_raw_' || md5(random()::text), '${organizationId}', 'raw', 'OPEN', 2, 2, 2, 2, now(), now())`;

describe.skipIf(!process.env.TEST_DATABASE_URL)('deferred change notifications on PostgreSQL', () => {
  it('a deferring session gets a notice instead of a NOTIFY; any other session notifies on commit', async () => {
    const { storage, schema, dispose } = await openTestStorage({ driver: 'postgres' });
    const plain = await rawSession(schema);
    const deferring = await rawSession(schema, '-c comply.notify=deferred');
    try {
      const organizationId = (await seedOrganization(storage)).organization.id;
      const payload = `${schema} org ${organizationId}`;
      await deferring.client.query(insertRisk(organizationId));
      expect(deferring.notices).toEqual([{ code: DEFERRED_CHANGE_CODE, message: payload }]);
      await plain.client.query(insertRisk(organizationId));
      expect(plain.notices).toEqual([]);
      // A session's own notifications arrive before its statement's reply.
      // The deferring session's insert notified no one: the one payload is the plain session's.
      expect(orgPayloads(plain.notifications)).toEqual([payload]);
      const deadline = Date.now() + 2000;
      while (orgPayloads(deferring.notifications).length === 0 && Date.now() < deadline) await pause(10);
      expect(orgPayloads(deferring.notifications)).toEqual([payload]);
    } finally {
      await plain.client.end();
      await deferring.client.end();
      await dispose();
    }
  });

  it('a Storage defers, applies its own writes when they end, and tells other sessions after', async () => {
    const { storage, schema, dispose } = await openTestStorage({ driver: 'postgres' });
    const other = await rawSession(schema);
    try {
      const { rows } = await sql<{
        mode: string;
      }>`select current_setting('comply.notify', true) as mode`.execute(storage.db);
      expect(rows[0]?.mode).toBe('deferred');
      const { organization, actor } = await seedOrganization(storage);
      await pause(100);
      const before = storage.changes.dataVersion(organization.id);
      await storage.transaction(async (trx) => {
        await trx.risks.create({
          organizationId: organization.id,
          actor,
          data: { name: 'inside', inherent_likelihood: 2, inherent_impact: 2 },
        });
        await pause(100);
        // Nothing is announced before the commit.
        expect(orgPayloads(other.notifications)).toEqual([]);
        expect(storage.changes.dataVersion(organization.id)).toBe(before);
      });
      expect(storage.changes.dataVersion(organization.id)).not.toBe(before);
      const deadline = Date.now() + 2000;
      while (orgPayloads(other.notifications).length === 0 && Date.now() < deadline) await pause(10);
      expect(orgPayloads(other.notifications)).toEqual([`${schema} org ${organization.id}`]);
    } finally {
      await other.client.end();
      await dispose();
    }
  });

  it("hears its own writes even where the role's defaults hide notices from its sessions", async () => {
    const role = 'comply_quiet_notices';
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const schema = randomSchema();
    await admin.query(`do $$ begin
        if not exists (select from pg_roles where rolname = '${role}') then create role ${role} login; end if;
      end $$`);
    await admin.query(`alter role ${role} set client_min_messages = warning`);
    await admin.query(`grant create on database ${admin.database} to ${role}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.username = role;
    const storage = await openStorage({ databaseUrl: url.toString(), schema });
    try {
      const { organization, actor } = await seedOrganization(storage);
      await pause(100);
      const before = storage.changes.dataVersion(organization.id);
      await storage.risks.create({
        organizationId: organization.id,
        actor,
        data: { name: 'quiet', inherent_likelihood: 2, inherent_impact: 2 },
      });
      expect(storage.changes.dataVersion(organization.id)).not.toBe(before);
    } finally {
      await storage.close();
      await dropSchema(schema);
      await admin.query(`revoke create on database ${admin.database} from ${role}`);
      await admin.query(`drop owned by ${role}`);
      await admin.query(`drop role ${role}`);
      await admin.end();
    }
  });
});
