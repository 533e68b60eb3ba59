import type { FastifyReply, FastifyRequest } from 'fastify';

/** The console session cookie's name. */
export const SESSION_COOKIE = 'comply_session';

/** The value of one cookie from the request's Cookie header, if present. */
export function readCookie({ request, name }: { request: FastifyRequest; name: string }): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** Sets (or, with `value` null, clears) the HttpOnly, SameSite=Strict session cookie. */
export function writeSessionCookie({
  reply,
  value,
  secure,
  maxAgeSeconds,
}: {
  reply: FastifyReply;
  value: string | null;
  secure: boolean;
  maxAgeSeconds?: number;
}) {
  const parts = [
    `${SESSION_COOKIE}=${value === null ? '' : encodeURIComponent(value)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Strict',
    `Max-Age=${value === null ? 0 : (maxAgeSeconds ?? 0)}`,
  ];
  if (secure) parts.push('Secure');
  reply.header('set-cookie', parts.join('; '));
}
