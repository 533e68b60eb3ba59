import type { CallResult } from './harness.js';

/** A request to an OSCAL route with a Bearer token; the body (when given) is sent as JSON. */
export async function oscalRequest(args: {
  url: string;
  token: string;
  path: string;
  body?: unknown;
}): Promise<CallResult> {
  const response = await fetch(`${args.url}${args.path}`, {
    method: args.body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Bearer ${args.token}`,
      ...(args.body !== undefined && { 'content-type': 'application/json' }),
    },
    body: args.body === undefined ? undefined : JSON.stringify(args.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
}
