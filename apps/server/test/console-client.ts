import type { TestServer } from './harness.js';

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
