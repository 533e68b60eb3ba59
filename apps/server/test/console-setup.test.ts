import { openStorage, type Storage } from '@comply/storage';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { issueSetupCode } from '../src/console/setup-code.js';
import { type RunningServer, startServer } from '../src/serve.js';
import { consoleClient } from './console-client.js';
import { embeddedDatabase } from './embedded.js';

const OWNER = {
  email: 'owner@example.test',
  name: 'Olivia Owner',
  password: 'a long enough passphrase',
  organization_name: 'Acme',
};

describe('console first-run setup', () => {
  let storage: Storage | undefined;
  let running: RunningServer | undefined;
  afterEach(async () => {
    await running?.stop();
    await storage?.close();
  });

  async function start(env: Record<string, string> = {}) {
    storage = await openStorage(embeddedDatabase());
    running = await startServer({ config: { ...loadConfig(env), port: 0 }, storage, logger: false });
    return { storage, url: running.url };
  }

  it('creates the owner and the first organization with the code, once', async () => {
    const { storage, url } = await start();
    const client = consoleClient(url);
    expect((await client.get('/setup')).body).toEqual({ needed: true, code_issued: false });
    const code = await issueSetupCode(storage);
    expect((await client.get('/setup')).body).toEqual({ needed: true, code_issued: true });

    const wrong = await client.post('/setup', { ...OWNER, code: 'not-the-code' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.field).toBe('code');
    // A console message is plain text: no Markdown code spans for a person to read.
    expect(wrong.body.error.message).toMatch(/setup code is not valid/);
    expect(wrong.body.error.message).not.toContain('`');

    const done = await client.post('/setup', { ...OWNER, code });
    expect(done.status).toBe(201);
    expect(done.body.user.email).toBe(OWNER.email);
    expect(done.body.organizations).toEqual([expect.objectContaining({ name: 'Acme', role: 'OWNER' })]);
    const me = await client.get('/session');
    expect(me.status).toBe(200);
    expect(me.body.user.name).toBe(OWNER.name);

    const again = await consoleClient(url).post('/setup', { ...OWNER, email: 'second@example.test', code });
    expect(again.status).toBe(403);
    expect(await storage.users.count()).toBe(1);
    expect((await client.get('/setup')).body).toEqual({ needed: false, code_issued: false });
  });

  it('keeps the code when the input is invalid, and refuses a code once an account exists', async () => {
    const { storage, url } = await start();
    const code = await issueSetupCode(storage);
    const client = consoleClient(url);
    const short = await client.post('/setup', { ...OWNER, password: 'short', code });
    expect(short.status).toBe(400);
    expect(short.body.error.field).toBe('password');
    const badEmail = await client.post('/setup', { ...OWNER, email: 'nope', code });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body.error.field).toBe('email');

    await storage.users.create({ email: 'cli@example.test', password: 'made from the CLI' });
    const late = await client.post('/setup', { ...OWNER, code });
    expect(late.status).toBe(403);
    expect(await storage.users.count()).toBe(1);
  });

  it('a new code replaces the previous one', async () => {
    const { storage, url } = await start();
    const first = await issueSetupCode(storage);
    const second = await issueSetupCode(storage);
    const client = consoleClient(url);
    expect((await client.post('/setup', { ...OWNER, code: first })).status).toBe(403);
    expect((await client.post('/setup', { ...OWNER, code: second })).status).toBe(201);
  });

  it('marks the session cookie Secure when the public URL is HTTPS', async () => {
    const { storage, url } = await start({ COMPLY_PUBLIC_URL: 'https://comply.example.test' });
    const code = await issueSetupCode(storage);
    const reply = await consoleClient(url).post('/setup', { ...OWNER, code });
    expect(reply.status).toBe(201);
    expect(reply.headers.get('set-cookie')).toContain('Secure');
  });
});
