import { randomBytes } from 'node:crypto';
import { type Actor, isoWeek, openStorage, type Storage, type StorageOptions } from '@comply/storage';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, type ServerConfig } from '../src/config.js';
import type { RemindersConfig } from '../src/reminders/config.js';
import { type RunningServer, startServer } from '../src/serve.js';
import { DRIVERS } from './harness.js';
import { startCluster } from './instances.js';
import { freePort } from './ports.js';
import { restartableStorage } from './restartable-storage.js';
import { startSmtpServer } from './smtp.js';
import { TEST_JOBS } from './webhook-receiver.js';

const ACTOR: Actor = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' };
const PUBLIC_URL = 'https://comply.example.test';
/**
 * Scans every 200 ms; today's weekday, so the digest goes out now; retries after 1 s, 2 s, 4 s …
 * (six times: a loaded machine may start the test's SMTP server late).
 */
const REMINDERS: RemindersConfig = {
  digestWeekday: isoWeek(new Date()).weekday,
  scanMs: 200,
  retryLimit: 6,
  retryDelaySeconds: 1,
};
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function config(smtpUrl: string): Partial<ServerConfig> {
  return {
    smtpUrl,
    mailFrom: 'Comply <comply@example.test>',
    publicUrl: PUBLIC_URL,
    jobs: TEST_JOBS,
    reminders: REMINDERS,
    rateLimitPerMinute: 0,
    unauthenticatedRateLimitPerMinute: 0,
  };
}

async function start(storage: Storage, smtpUrl: string): Promise<RunningServer> {
  return startServer({
    config: { ...loadConfig({}), port: 0, host: '127.0.0.1', ...config(smtpUrl) },
    storage,
    logger: false,
    usageFlushMs: 0,
  });
}

async function seed(storage: Storage) {
  const tag = randomBytes(3).toString('hex');
  const owner = await storage.users.create({
    email: `owner-${tag}@example.test`,
    password: 'correct horse battery',
  });
  const quiet = await storage.users.create({
    email: `quiet-${tag}@example.test`,
    password: 'correct horse battery',
  });
  const org = await storage.organizations.create({
    name: `Reminded ${tag}`,
    ownerUserId: owner.id,
    actor: ACTOR,
  });
  await storage.memberships.add({ organizationId: org.id, userId: quiet.id, role: 'EDITOR', actor: ACTOR });
  await storage.reminders.preferences.set({
    organizationId: org.id,
    userId: quiet.id,
    patch: { due_soon_days: 0, overdue: false, digest: false },
    actor: { ...ACTOR, userId: quiet.id, action: 'setNotificationPreferences' },
  });
  const vendor = await storage.vendors.create({
    organizationId: org.id,
    actor: ACTOR,
    data: { name: 'Cloud Host' },
  });
  const task = (title: string, due: string, assignee: string) =>
    storage.tasks.create({
      organizationId: org.id,
      actor: ACTOR,
      data: { title, due_date: due, assignee_id: assignee, subject_id: vendor.id } as never,
    });
  const soon = await task('Review Cloud Host', day(2), owner.id);
  const late = await task('Renew the SOC 2 report', day(-1), owner.id);
  await task('Quiet one', day(1), quiet.id);
  await task('Quiet and late', day(-2), quiet.id);
  // A review date held by a vendor the owner owns: the scan generates its task, then reminds.
  await storage.vendors.create({
    organizationId: org.id,
    actor: ACTOR,
    data: {
      name: 'Payroll Co',
      owner: owner.email,
      last_reviewed_at: day(-364),
      review_interval_days: 365,
    } as never,
  });
  return { owner, quiet, org, soon, late };
}

describe.each(DRIVERS)('reminders by e-mail (%s)', (driver) => {
  let options: StorageOptions;
  let remove: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ({ options, remove } = await restartableStorage(driver, 'rem'));
  });
  afterAll(async () => {
    await remove?.();
  });

  it('retries until the SMTP server takes the mail, sends each reminder once, and not again after a restart', {
    timeout: 240_000,
  }, async () => {
    // The SMTP server is down at first: the jobs fail, and nothing is marked sent.
    const port = await freePort();
    let storage = await openStorage(options);
    const seeded = await seed(storage);
    let server = await start(storage, `smtp://127.0.0.1:${port}`);
    for (let i = 0; i < 100 && Object.keys(await storage.reminders.counts()).length === 0; i += 1)
      await sleep(100);
    await sleep(1500);
    expect(await storage.reminders.counts()).toEqual({
      'DUE_SOON:QUEUED': 2,
      'OVERDUE:QUEUED': 1,
      'DIGEST:QUEUED': 1,
    });

    const smtp = await startSmtpServer({ port });
    try {
      const owner = seeded.owner.email;
      const mails = async (n: number) => {
        for (let i = 0; i < 600 && smtp.received.length < n; i += 1) await sleep(100);
        return smtp.received;
      };
      expect(await mails(4)).toHaveLength(4);
      const bySubject = (word: string) =>
        smtp.received.find((mail) => mail.text.includes(`Subject: [${seeded.org.name}] ${word}`));
      const dueSoon = bySubject('Due soon: Review Cloud Host');
      expect(dueSoon?.to).toEqual([owner]);
      expect(dueSoon?.text).toContain(`Review Cloud Host`);
      expect(dueSoon?.text).toContain(`Due: ${day(2)}`);
      expect(dueSoon?.text).toContain(`About: Cloud Host (vnd_`);
      expect(dueSoon?.text).toContain(`${PUBLIC_URL}/registers/tasks/${seeded.soon.id}`);
      const overdue = bySubject('Overdue');
      expect(overdue?.text).toContain(`Renew the SOC 2 report`);
      expect(overdue?.text).toContain(`Due: ${day(-1)} (overdue)`);
      // The generated task: the vendor's review, due tomorrow, assigned through the vendor's owner.
      const dueSoonMails = smtp.received.filter((mail) => /Subject: .*Due soon/.test(mail.text));
      expect(dueSoonMails).toHaveLength(2);
      expect(dueSoonMails.find((mail) => mail.text.includes('About: Payroll Co (vnd_'))?.to).toEqual([owner]);
      const digest = bySubject('Your week');
      expect(digest?.to).toEqual([owner]);
      expect(digest?.text).toContain('Review Cloud Host');
      expect(digest?.text).toContain('Renew the SOC 2 report');
      // The member who turned everything off got nothing.
      expect(smtp.received.filter((mail) => mail.to.includes(seeded.quiet.email))).toEqual([]);
      for (let i = 0; i < 50; i += 1) {
        const counts = await storage.reminders.counts();
        if (counts['DUE_SOON:SENT'] === 2 && counts['OVERDUE:SENT'] === 1 && counts['DIGEST:SENT'] === 1)
          break;
        await sleep(100);
      }
      expect(await storage.reminders.counts()).toEqual({
        'DUE_SOON:SENT': 2,
        'OVERDUE:SENT': 1,
        'DIGEST:SENT': 1,
      });

      // A restart scans again and sends nothing new.
      await server.stop();
      await storage.close();
      storage = await openStorage(options);
      server = await start(storage, smtp.url);
      await sleep(2000);
      expect(smtp.received).toHaveLength(4);
    } finally {
      await server.stop();
      await storage.close();
      await smtp.stop();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('reminders on two instances (postgres)', () => {
  it('delivers each reminder exactly once when two instances share the database', {
    timeout: 240_000,
  }, async () => {
    const smtp = await startSmtpServer();
    const cluster = await startCluster({ count: 2, config: config(smtp.url) });
    try {
      const [first] = cluster.instances;
      const owner = await cluster.addOwner();
      const count = 30;
      for (let i = 0; i < count; i += 1) {
        await first!.storage.tasks.create({
          organizationId: owner.organizationId,
          actor: ACTOR,
          data: { title: `Task ${i}`, due_date: day(1), assignee_id: owner.userId } as never,
        });
      }
      // 30 due-soon reminders and one digest.
      for (let i = 0; i < 300 && smtp.received.length < count + 1; i += 1) await sleep(100);
      await sleep(2000);
      const subjects = smtp.received.map((mail) => /Subject: (.*)/.exec(mail.text)?.[1]);
      expect(subjects).toHaveLength(count + 1);
      expect(new Set(subjects).size).toBe(count + 1);
      const claimed = await sql<{
        n: string;
      }>`select count(*) as n from reminders where status = 'SENT'`.execute(first!.storage.db);
      expect(Number(claimed.rows[0]!.n)).toBe(count + 1);
    } finally {
      await cluster.stop();
      await smtp.stop();
    }
  });
});
