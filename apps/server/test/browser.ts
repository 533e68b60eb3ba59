import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedDemo } from '@comply/storage';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { HARNESS_PASSWORD } from './console-client.js';
import { startTestServer, type TestServer } from './harness.js';

/** Debian's chromium (never a downloaded browser); overridable only to try the skip path. */
export const CHROMIUM = process.env.COMPLY_TEST_CHROMIUM ?? '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);
/** Where the browser tests write their screenshots (gitignored, created at run time). */
export const SHOTS = fileURLToPath(new URL('./screenshots', import.meta.url));
const WEB = fileURLToPath(new URL('../../web', import.meta.url));

/** Says why a browser test is skipped; on CI a missing chromium is an error, never a skip. */
export function requireChromium(name: string) {
  if (HAVE_CHROMIUM) return;
  if (process.env.CI) throw new Error(`${CHROMIUM} is missing on CI: run \`apt-get install -y chromium\`.`);
  console.warn(`${name}: SKIPPED — ${CHROMIUM} not found. Enable with: apt-get install -y chromium`);
}

/**
 * Without chromium, registers `title` as one skipped test saying how to enable it; with chromium it
 * registers nothing, so the report lists no skip at all.
 */
export function describeSkippedWithoutChromium(title: string) {
  if (HAVE_CHROMIUM) return;
  describe(title, () => {
    it.skip(`skipped: ${CHROMIUM} not found; enable with \`apt-get install -y chromium\``, () => {});
  });
}

/**
 * Builds the SPA into apps/web/dist, which the server serves, once per test run (vitest's global
 * setup calls it before the test files start); without chromium no browser test needs it.
 */
export async function buildWebOnce() {
  if (!HAVE_CHROMIUM) return;
  await build({ root: WEB, configFile: join(WEB, 'vite.config.ts'), logLevel: 'warn' });
}

/** What a browser test file needs before its browser starts: the screenshots folder. */
export async function buildWeb() {
  await mkdir(SHOTS, { recursive: true });
}

/**
 * A headless chromium with its own profile; `close` also removes the profile. `bypassCSP` lets a test
 * inject a script (axe-core) into pages whose Content-Security-Policy allows none.
 */
export async function launchBrowser(options: { bypassCSP?: boolean } = {}): Promise<{
  context: BrowserContext;
  page: Page;
  close: () => Promise<void>;
}> {
  const profile = await mkdtemp(join(tmpdir(), 'comply-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    acceptDownloads: true,
    bypassCSP: options.bypassCSP ?? false,
    viewport: { width: 1280, height: 860 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  // A new page: the one a persistent context opens with predates the context's options (bypassCSP).
  const page = await context.newPage();
  return {
    context,
    page,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** What a browser test file works with: filled in before its first test, stopped after its last. */
export interface BrowserSession {
  server: TestServer;
  page: Page;
  context: BrowserContext;
}

/**
 * The set-up every browser test file shares, registered as its `beforeAll` and `afterAll`: a test
 * server (PGlite unless `server` names a driver) with `seed` run on it, a headless chromium and, unless
 * `signIn` is false, the server's owner signed in; after the tests, the browser and the server stop.
 * `server` may be a function, for options known only once an earlier `beforeAll` has run (a mail or
 * identity server the test starts first; that hook's `afterAll` then runs after this one's).
 */
export function useBrowserSession(
  options: {
    server?: Partial<ServerOptions> | (() => Partial<ServerOptions>);
    seed?: (server: TestServer) => Promise<unknown>;
    bypassCSP?: boolean;
    signIn?: boolean;
  } = {},
): BrowserSession {
  const session = {} as BrowserSession;
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    await buildWeb();
    const serverOptions = typeof options.server === 'function' ? options.server() : options.server;
    const server = await startTestServer({ driver: 'pglite', ...serverOptions });
    session.server = server;
    await options.seed?.(server);
    const browser = await launchBrowser({ bypassCSP: options.bypassCSP });
    session.page = browser.page;
    session.context = browser.context;
    close = browser.close;
    if (options.signIn !== false) {
      await signInAs({ page: browser.page, url: server.url, email: server.owner.email });
    }
  }, 180_000);
  afterAll(async () => {
    await close?.();
    await session.server?.stop();
  });
  return session;
}

type ServerOptions = Parameters<typeof startTestServer>[0];

/**
 * useBrowserSession on the demo data (seedDemo for the owner), the demo organization the console's
 * current one; `demoId` is that organization's id once the session has started.
 */
export function useDemoBrowserSession(): BrowserSession & { demoId: string } {
  const session = useBrowserSession({
    bypassCSP: true,
    seed: async (server) => {
      const demo = await seedDemo({ storage: server.storage, ownerUserId: server.owner.userId });
      session.demoId = demo.organizationId;
    },
  }) as BrowserSession & { demoId: string };
  beforeAll(() =>
    session.page.evaluate((id) => localStorage.setItem('comply.organization', id), session.demoId),
  );
  return session;
}

/** Signs in through the sign-in page (signing out first when a session is open). */
export async function signInAs({ page, url, email }: { page: Page; url: string; email: string }) {
  await page.context().clearCookies();
  await page.goto(`${url}/signin`);
  await page.getByRole('heading', { name: 'Sign in to Comply' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(HARNESS_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Main' }).waitFor();
}

/** A full-page screenshot in SHOTS. */
export function screenshot(page: Page, name: string) {
  return page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** Follows a link of the main navigation. */
export async function openNav(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();
}
