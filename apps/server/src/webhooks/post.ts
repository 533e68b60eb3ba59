import type { LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { checkedAddresses, type TargetPolicy, TargetRefused } from './target.js';

/** What one POST got: the status and the start of the body, or why there was no answer. */
export interface PostResult {
  status: number | null;
  body: string | null;
  error: string | null;
}

const BODY_LIMIT = 1024;

/**
 * POSTs `body` to `url` once: no redirect is followed (a 3xx is a failed attempt), the connection
 * goes only to addresses the policy allows, checked when this connection resolves the host (so a
 * host that resolved to a public address at registration and to a private one now is refused),
 * and the whole exchange is bounded by `timeoutMs`.
 */
export async function postOnce(args: {
  url: URL;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  policy: TargetPolicy;
}): Promise<PostResult> {
  const { url, policy } = args;
  // An address literal is not resolved by the connection: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) await checkedAddresses(url, policy);
  const lookup = (
    _hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    checkedAddresses(url, policy).then(
      (addresses) => {
        const entries = addresses.map((address) => ({ address, family: isIP(address) }));
        if (options.all) callback(null, entries);
        else callback(null, entries[0]!.address, entries[0]!.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<PostResult>((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = send(
      url,
      {
        method: 'POST',
        headers: {
          ...args.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(args.body),
          'user-agent': 'Comply-Webhooks/1',
        },
        lookup: lookup as never,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < BODY_LIMIT) chunks.push(chunk);
          size += chunk.length;
          if (size > 64 * 1024) response.destroy();
        });
        const done = () =>
          finish({
            status: response.statusCode ?? null,
            body: Buffer.concat(chunks).toString('utf8').slice(0, BODY_LIMIT),
            error: null,
          });
        response.on('end', done);
        response.on('close', done);
        response.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      request.destroy(new Error(`no answer within ${args.timeoutMs} ms`));
    }, args.timeoutMs);
    request.on('error', (error) =>
      finish({
        status: null,
        body: null,
        error: error instanceof TargetRefused ? `refused: ${error.message}` : error.message,
      }),
    );
    request.end(args.body);
  });
}
