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

/** What writeCookie sets: a value (or null to clear), HttpOnly always. */
interface CookieArgs {
  reply: FastifyReply;
  value: string | null;
  secure: boolean;
  maxAgeSeconds?: number;
}

/** Sets (or, with `value` null, clears) an HttpOnly cookie; earlier Set-Cookie headers stay. */
export function writeCookie({
  reply,
  name,
  value,
  secure,
  maxAgeSeconds,
  sameSite = 'Strict',
  path = '/',
}: CookieArgs & { name: string; sameSite?: 'Strict' | 'Lax'; path?: string }) {
  const parts = [
    `${name}=${value === null ? '' : encodeURIComponent(value)}`,
    `Path=${path}`,
    'HttpOnly',
    `SameSite=${sameSite}`,
    `Max-Age=${value === null ? 0 : (maxAgeSeconds ?? 0)}`,
  ];
  if (secure) parts.push('Secure');
  const earlier = reply.getHeader('set-cookie');
  const list = earlier === undefined ? [] : Array.isArray(earlier) ? earlier.map(String) : [String(earlier)];
  reply.header('set-cookie', list.length === 0 ? parts.join('; ') : [...list, parts.join('; ')]);
}

/** Sets (or, with `value` null, clears) the HttpOnly, SameSite=Strict session cookie. */
export function writeSessionCookie(args: CookieArgs) {
  writeCookie({ ...args, name: SESSION_COOKIE });
}
