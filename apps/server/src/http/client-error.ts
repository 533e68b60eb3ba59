import type { Socket } from 'node:net';
import { describeCredentialProblem } from '../auth/bearer.js';

// An Authorization line holding a bare CR or LF: the token was pasted with a line break in it.
const BROKEN_AUTHORIZATION = /\r\nauthorization:[^\r\n]*(\r(?!\n)|(?<!\r)\n)/i;

function rawResponse({
  status,
  headers,
  body,
}: {
  status: string;
  headers: Record<string, string>;
  body: string;
}) {
  const lines = Object.entries({
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
    ...headers,
  }).map(([name, value]) => `${name}: ${value}`);
  return `HTTP/1.1 ${status}\r\n${lines.join('\r\n')}\r\n\r\n${body}`;
}

/**
 * Answers requests Node's HTTP parser rejects before fastify sees them. A line break inside the
 * Authorization header is a credential problem, so it gets the same 401 as any malformed token
 * rather than a bare 400.
 */
export function handleClientError(
  error: Error & { code?: string; rawPacket?: unknown },
  socket: Socket,
): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const packet = Buffer.isBuffer(error.rawPacket) ? error.rawPacket.toString('latin1') : '';
  const response = BROKEN_AUTHORIZATION.test(packet)
    ? rawResponse({
        status: '401 Unauthorized',
        headers: { 'www-authenticate': 'Bearer error="invalid_token"', 'cache-control': 'no-store' },
        body: JSON.stringify({
          error: { code: 'UNAUTHORIZED', message: describeCredentialProblem('malformed') },
        }),
      })
    : rawResponse({
        status:
          error.code === 'HPE_HEADER_OVERFLOW' ? '431 Request Header Fields Too Large' : '400 Bad Request',
        headers: {},
        body: JSON.stringify({ error: { code: 'INVALID_INPUT', message: 'The HTTP request is malformed.' } }),
      });
  socket.end(response);
}
