import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.js';
import { matchedRoute } from './matched-route.js';

const forbidden = (message: string) => new HttpError({ status: 403, code: 'FORBIDDEN', message });

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

function hostnameOf(hostHeader: string): string {
  // Host is "name[:port]"; IPv6 literals keep their brackets.
  const end = hostHeader.startsWith('[') ? hostHeader.indexOf(']') + 1 : hostHeader.indexOf(':');
  return (end > 0 ? hostHeader.slice(0, end) : hostHeader).toLowerCase();
}

/** Which Host names a request may carry: loopback names plus the public URL's, plus any configured. */
export function allowedHostnames({
  publicUrl,
  extra,
}: {
  publicUrl: string | undefined;
  extra: string[];
}): Set<string> {
  const names = new Set([...LOOPBACK_HOSTS, ...extra.map((h) => h.toLowerCase())]);
  if (publicUrl) names.add(new URL(publicUrl).hostname.toLowerCase());
  return names;
}

/**
 * DNS-rebinding and cross-site protection for `/api/…`: a Host header naming another server, or an
 * Origin header from another site, is refused with 403 before authentication runs.
 * `hostnames` undefined means the server listens on a public interface without a configured public
 * URL, where any Host is acceptable; Origin is still checked against the request's own host.
 */
export function registerOriginCheck({
  app,
  hostnames,
}: {
  app: FastifyInstance;
  hostnames: Set<string> | undefined;
}) {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!matchedRoute(request)?.startsWith('/api/')) return;
    const host = request.headers.host ?? '';
    if (hostnames && !hostnames.has(hostnameOf(host))) {
      throw forbidden(`Host \`${hostnameOf(host)}\` is not served here.`);
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    let originHost: string;
    try {
      originHost = new URL(origin).host.toLowerCase();
    } catch {
      originHost = '';
    }
    // A loopback Origin must be this very server (same port): another local port is another site.
    const originName = hostnameOf(originHost);
    const allowed =
      originHost === host.toLowerCase() ||
      (!LOOPBACK_HOSTS.includes(originName) && hostnames?.has(originName) === true);
    if (!allowed) {
      throw forbidden(`Requests from origin \`${origin}\` are not allowed.`);
    }
  });
}
