import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** apps/web/dist, from apps/server/src/console or apps/server/dist/console alike. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

// The console loads nothing from elsewhere; the policy makes that a rule, not a habit.
const CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

const MISSING = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Comply</title>
<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem">
<h1>Comply is running</h1><p>The web console has not been built. Run <code>npm run build</code> in the
repository and reload. The MCP endpoint at <code>/api/mcp/v1</code> works without it.</p></body></html>`;

function isBrowserNavigation(request: FastifyRequest): boolean {
  return /\btext\/html\b/i.test(request.headers.accept ?? '');
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (s) => s.isFile(),
    () => false,
  );
}

/**
 * Serves the built SPA at `/`: a file when the path names one, otherwise — for browser navigations
 * only (Accept: text/html) — index.html so client-side routes survive a reload. Anything else goes
 * to the JSON not-found handler. Without a build, `/` explains how to make one.
 */
export function registerWebApp({ app, root }: { app: FastifyInstance; root: string }) {
  const base = normalize(root);
  app.get('/*', async (request, reply) => {
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    const path = decodeURIComponent((request.url.split('?')[0] ?? '/').replace(/^\/+/, ''));
    // API paths and discovery documents never fall back to the SPA (OAuth metadata is served only
    // with COMPLY_OAUTH=on, by its own routes: some clients that find it ignore a static header).
    if (path.startsWith('api/') || path.startsWith('.well-known/') || path.startsWith('oauth/'))
      return reply.callNotFound();
    const candidate = normalize(join(base, path));
    const inside = candidate === base || candidate.startsWith(base + sep);
    if (inside && path && (await isFile(candidate))) {
      const immutable = path.startsWith('assets/');
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      return reply
        .type(TYPES[extname(candidate)] ?? 'application/octet-stream')
        .send(await readFile(candidate));
    }
    // Client-side routes are for browsers; a probe or script asking for /healthz gets a JSON 404.
    if (path && !isBrowserNavigation(request)) return reply.callNotFound();
    const index = join(base, 'index.html');
    if (!(await isFile(index))) return reply.code(503).type(TYPES['.html']!).send(MISSING);
    reply.header('cache-control', 'no-cache');
    return reply.type(TYPES['.html']!).send(await readFile(index));
  });
}
