import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

/** Why OAuth cannot run with this configuration, or null. */
export function issuerProblem(config: ServerConfig): string | null {
  if (config.publicUrl) {
    const url = URL.parse(config.publicUrl);
    if (!url || (url.pathname !== '/' && url.pathname !== '')) {
      return 'COMPLY_OAUTH needs COMPLY_PUBLIC_URL to be an origin without a path (e.g. https://comply.example.com)';
    }
    return null;
  }
  if (LOOPBACK.has(config.host)) return null;
  return 'COMPLY_OAUTH needs COMPLY_PUBLIC_URL (the https:// address clients reach the server at)';
}

/**
 * The authorization server's issuer: the public URL's origin, or — for a loopback-only server
 * without one — the address it listens on. Never taken from a request's Host header.
 */
export function issuerOf({ config, app }: { config: ServerConfig; app: FastifyInstance }): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  return `http://${host}:${port}`;
}
