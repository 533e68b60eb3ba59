import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/** A console reply. */
export interface ConsoleReply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of console replies
  body: any;
  headers: Headers;
}

/** A browser-like console client: keeps the session cookie and sends the CSRF header unless told not to. */
export interface ConsoleClient {
  request(args: {
    method: string;
    path: string;
    body?: unknown;
    csrf?: boolean;
    headers?: Record<string, string>;
  }): Promise<ConsoleReply>;
  get(path: string): Promise<ConsoleReply>;
  post(path: string, body?: unknown): Promise<ConsoleReply>;
  patch(path: string, body?: unknown): Promise<ConsoleReply>;
  delete(path: string): Promise<ConsoleReply>;
  signIn(args: { email: string; password?: string }): Promise<ConsoleReply>;
  /** The session cookie's value, to replay it after sign-out. */
  cookie: string | undefined;
}

/** The password the test harness gives every user. */
export const HARNESS_PASSWORD = 'correct horse battery staple';

/** A console client against a server's base URL. */
export function consoleClient(url: string): ConsoleClient {
  const client: ConsoleClient = {
    cookie: undefined,
    async request({ method, path, body, csrf = true, headers = {} }) {
      const all: Record<string, string> = { ...headers };
      if (body !== undefined) all['content-type'] = 'application/json';
      if (csrf) all['x-comply-csrf'] = '1';
      if (client.cookie) all.cookie = `comply_session=${client.cookie}`;
      const response = await fetch(`${url}/api/console${path}`, {
        method,
        headers: all,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const setCookie = response.headers.get('set-cookie');
      const match = setCookie ? /comply_session=([^;]*)/.exec(setCookie) : null;
      if (match) client.cookie = match[1] ? decodeURIComponent(match[1]) : undefined;
      const text = await response.text();
      return {
        status: response.status,
        body: text ? JSON.parse(text) : undefined,
        headers: response.headers,
      };
    },
    get: (path) => client.request({ method: 'GET', path }),
    post: (path, body = {}) => client.request({ method: 'POST', path, body }),
    patch: (path, body = {}) => client.request({ method: 'PATCH', path, body }),
    delete: (path) => client.request({ method: 'DELETE', path }),
    signIn: ({ email, password = HARNESS_PASSWORD }) => client.post('/session', { email, password }),
  };
  return client;
}

/** A console client already signed in as `email` (a harness user, unless `password` is given). */
export async function signedIn({
  server,
  email,
  password,
}: {
  server: TestServer;
  email: string;
  password?: string;
}) {
  const client = consoleClient(server.url);
  const reply = await client.signIn({ email, ...(password && { password }) });
  if (reply.status !== 200)
    throw new Error(`sign-in answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return client;
}

/** What a console test file works with: filled in before its first test, stopped after its last. */
export interface ConsoleSession {
  server: TestServer;
  /** The server's owner, signed in to the console. */
  owner: ConsoleClient;
  /** The owner's organization. */
  org: string;
}

/**
 * Registers a console test file's set-up as its `beforeAll` and `afterAll`: a test server on
 * `driver` with its owner signed in to the console; the server stops after the file's tests.
 */
export function useConsoleSession(driver: TestServer['driver']): ConsoleSession {
  const session = {} as ConsoleSession;
  beforeAll(async () => {
    session.server = await startTestServer({ driver });
    session.owner = await signedIn({ server: session.server, email: session.server.owner.email });
    session.org = session.server.owner.organizationId;
  });
  afterAll(() => session.server?.stop());
  return session;
}
