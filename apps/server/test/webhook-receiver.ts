import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { JobsConfig } from '../src/webhooks/service.js';

/** Fast jobs for tests: pg-boss polls at its minimum (500 ms), retries after 1 s, then 2 s. */
export const TEST_JOBS: JobsConfig = {
  enabled: true,
  pollMs: 100,
  retryLimit: 3,
  retryDelaySeconds: 1,
  timeoutMs: 3000,
  allowPrivate: false,
  allowHttpLoopback: true,
  secretKey: undefined,
};

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A real HTTP server receiving webhooks on 127.0.0.1. `failFirst` answers the first N requests of
 * a path with 503; `verify` checks a request's signature with the standardwebhooks library.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const failures = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const left = failures.get(path) ?? 0;
      if (left > 0) {
        failures.set(path, left - 1);
        response.writeHead(503, { 'content-type': 'text/plain' }).end('busy, try later');
        return;
      }
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    on: (path: string) => received.filter((entry) => entry.path === path),
    failFirst: (path: string, count: number) => failures.set(path, count),
    /** The verified payload: throws unless the signature is right for `secret`. */
    verify: (entry: Received, secret: string) =>
      new Webhook(secret).verify(entry.body, {
        'webhook-id': String(entry.headers['webhook-id']),
        'webhook-timestamp': String(entry.headers['webhook-timestamp']),
        'webhook-signature': String(entry.headers['webhook-signature']),
      }) as { type: string; timestamp: string; data: Record<string, unknown> },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls `check` until it returns a value (not undefined/false) or `timeoutMs` passes. */
export async function waitFor<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
