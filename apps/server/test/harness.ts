import { randomBytes } from 'node:crypto';
import { type ComplyClient, createClient } from '@comply/client';
import { type Actor, jobSchemaName, openStorage, type Role, type Storage } from '@comply/storage';
import { sql } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { loadConfig, type ServerConfig } from '../src/config.js';
import { type RunningServer, startServer } from '../src/serve.js';
import { embeddedDatabase } from './embedded.js';

/** The drivers a run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DRIVERS: ('pglite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A user with an organization and a token, as a test sees them. */
export interface Member {
  userId: string;
  email: string;
  organizationId: string;
  role: Role;
  /** The token secret, to send as `Authorization: Bearer <token>`. */
  token: string;
  tokenId: string;
}

/** The reply of a REST tool call. */
export interface CallResult {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of tool outputs
  body: any;
  headers: Headers;
}

/** A real listening server on a fresh database, with an owner ready to call tools. */
export interface TestServer {
  url: string;
  driver: 'pglite' | 'postgres';
  storage: Storage;
  /** OWNER of its own organization, holding a read-write token. */
  owner: Member;
  /**
   * A new user: in `organizationId` with `role`, or OWNER of a new organization when omitted. An
   * AUDITOR's access ends at `expiresAt` (default: 30 days after the server's clock), and their
   * token is read-only and restricted to that organization, as the server requires.
   */
  addMember(args?: {
    organizationId?: string;
    role?: Role;
    scope?: 'READ' | 'WRITE';
    expiresAt?: string;
  }): Promise<Member>;
  /** Another token for a user. */
  createToken(args: {
    userId: string;
    scope?: 'READ' | 'WRITE';
    organizationIds?: string[];
    expiresAt?: string | null;
  }): Promise<{ token: string; tokenId: string }>;
  /** `POST /api/mcp/tools/{tool}` with the owner's token unless another is given. */
  call(tool: string, input?: unknown, options?: { token?: string }): Promise<CallResult>;
  stop(): Promise<void>;
}

const CLI_ACTOR: Actor = { userId: null, tokenId: null, source: 'cli', action: 'test-setup' };

/** A new user with a random address, OWNER of a new organization named after it. */
export async function addOwnerAccount(
  storage: Storage,
): Promise<{ userId: string; email: string; organizationId: string }> {
  const email = `user-${randomBytes(4).toString('hex')}@example.test`;
  const user = await storage.users.create({ email, password: 'correct horse battery staple' });
  const org = await storage.organizations.create({
    name: `Org ${email}`,
    ownerUserId: user.id,
    actor: CLI_ACTOR,
  });
  return { userId: user.id, email, organizationId: org.id };
}

/** Starts a server on port 0 over a fresh PGlite database or a fresh PostgreSQL schema. */
export async function startTestServer({
  driver,
  clock,
  config: overrides,
  oauthFetch,
  webhookResolve,
}: {
  driver: 'pglite' | 'postgres';
  clock?: () => Date;
  /** Settings over the defaults; rate limits are off unless a test sets them. */
  config?: Partial<ServerConfig>;
  /** The OAuth server's fetch of client metadata documents (a test CA). */
  oauthFetch?: typeof fetch;
  /** Resolves webhook endpoint host names (the system resolver by default). */
  webhookResolve?: (host: string) => Promise<string[]>;
}): Promise<TestServer> {
  const schema = `srv_${randomBytes(6).toString('hex')}`;
  const storage = await openStorage(
    driver === 'postgres'
      ? { databaseUrl: process.env.TEST_DATABASE_URL, schema, clock }
      : { ...embeddedDatabase(), clock },
  );
  const config: ServerConfig = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    rateLimitPerMinute: 0,
    unauthenticatedRateLimitPerMinute: 0,
    ...overrides,
  };
  let running: RunningServer;
  try {
    running = await startServer({
      config,
      storage,
      logger: false,
      validateOutput: true,
      usageFlushMs: 0,
      oauthFetch,
      webhookResolve,
    });
  } catch (error) {
    await storage.close();
    throw error;
  }

  async function createToken({
    userId,
    scope = 'WRITE',
    organizationIds,
    expiresAt = null,
  }: Parameters<TestServer['createToken']>[0]) {
    const { token, secret } = await storage.tokens.create({
      userId,
      name: `test ${scope.toLowerCase()}`,
      scope,
      expiresAt,
      organizationIds,
      actor: CLI_ACTOR,
    });
    return { token: secret, tokenId: token.id };
  }

  async function addMember({
    organizationId,
    role = 'OWNER',
    scope = 'WRITE',
    expiresAt,
  }: Parameters<TestServer['addMember']>[0] = {}) {
    const email = `user-${randomBytes(4).toString('hex')}@example.test`;
    const user = await storage.users.create({ email, password: 'correct horse battery staple' });
    let orgId = organizationId;
    const auditor = Boolean(organizationId) && role === 'AUDITOR';
    if (orgId) {
      await storage.memberships.add({
        organizationId: orgId,
        userId: user.id,
        role,
        expiresAt: auditor
          ? (expiresAt ?? new Date(storage.clock().getTime() + 30 * 86_400_000).toISOString())
          : null,
        actor: CLI_ACTOR,
      });
    } else {
      const org = await storage.organizations.create({
        name: `Org ${email}`,
        ownerUserId: user.id,
        actor: CLI_ACTOR,
      });
      orgId = org.id;
    }
    const { token, tokenId } = auditor
      ? await createToken({ userId: user.id, scope: 'READ', organizationIds: [orgId] })
      : await createToken({ userId: user.id, scope });
    return {
      userId: user.id,
      email,
      organizationId: orgId,
      role: organizationId ? role : 'OWNER',
      token,
      tokenId,
    };
  }

  const owner = await addMember();
  return {
    url: running.url,
    driver,
    storage,
    owner,
    addMember,
    createToken,
    async call(tool, input = {}, options = {}) {
      const response = await fetch(`${running.url}/api/mcp/tools/${tool}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${options.token ?? owner.token}`,
        },
        body: JSON.stringify(input),
      });
      const text = await response.text();
      return {
        status: response.status,
        body: text ? JSON.parse(text) : undefined,
        headers: response.headers,
      };
    },
    async stop() {
      await running.stop();
      if (driver === 'postgres') {
        await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(storage.db);
        await sql`drop schema if exists ${sql.id(jobSchemaName(schema))} cascade`.execute(storage.db);
      }
      await storage.close();
    },
  };
}

/**
 * Registers a file's test server as its `beforeAll` and `afterAll`: started with `options` before
 * the file's other set-up, stopped after its tests. Answers the server, usable from then on.
 */
export function useTestServer(options: Parameters<typeof startTestServer>[0]): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer(options);
  });
  afterAll(() => started?.stop());
  const ready = () => {
    if (!started) throw new Error('useTestServer: the server is ready only once beforeAll has run.');
    return started;
  };
  return {
    get url() {
      return ready().url;
    },
    get driver() {
      return ready().driver;
    },
    get storage() {
      return ready().storage;
    },
    get owner() {
      return ready().owner;
    },
    addMember: (args) => ready().addMember(args),
    createToken: (args) => ready().createToken(args),
    call: (tool, input, callOptions) => ready().call(tool, input, callOptions),
    stop: () => ready().stop(),
  };
}

/**
 * Registers a file's server whose request log the tests read, as its `beforeAll` and `afterAll`: the
 * default configuration on PGlite, logging at info into `lines`. `url` is set before the first test.
 */
export function useLoggedServer(): { url: string; lines: string[] } {
  const logged = { url: '', lines: [] as string[] };
  let storage: Storage | undefined;
  let running: RunningServer | undefined;
  beforeAll(async () => {
    storage = await openStorage(embeddedDatabase());
    running = await startServer({
      config: { ...loadConfig({}), port: 0 },
      storage,
      logger: { level: 'info', stream: { write: (line: string) => logged.lines.push(line) } },
    });
    logged.url = running.url;
  });
  afterAll(async () => {
    await running?.stop();
    await storage?.close();
  });
  return logged;
}

/** The typed client as the server's owner, telling `onCall` the URL of each request it sends. */
export function ownerClient(server: TestServer, onCall: (url: string) => void): ComplyClient {
  return createClient({
    baseUrl: server.url,
    token: server.owner.token,
    timeoutMs: 20_000,
    fetch: (input, init) => {
      onCall(String(input));
      return fetch(input, init);
    },
  });
}
