import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from './errors.js';

/** The console's SPA fallback claims every GET path; it must not make every path "known". */
const CATCH_ALL = '/*';

/**
 * Route `config` of a route that exists only to answer 405 itself (the MCP endpoint's GET and
 * DELETE): its method is not counted as allowed in another method's `Allow` header.
 */
export const REFUSES_METHOD = { refusesMethod: true } as const;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** See REFUSES_METHOD. */
    refusesMethod?: boolean;
  }
}

interface KnownRoute {
  method: string;
  pattern: RegExp;
}

/** `/api/mcp/tools/:tool` → a RegExp matching concrete paths of that route. */
function patternOf(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * Unknown method on a known path: 405 with `Allow` (RFC 9110 §15.5.6); unknown path: 404. Both
 * JSON. Registered before any route, so that it sees every route as it is added.
 */
export function registerNotFound({ app }: { app: FastifyInstance }) {
  const routes: KnownRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url === CATCH_ALL) return;
    if (route.config?.refusesMethod) return;
    const pattern = patternOf(route.url);
    for (const method of [route.method].flat()) routes.push({ method, pattern });
  });

  app.setNotFoundHandler(async (request: FastifyRequest) => {
    const path = request.url.split('?')[0] ?? '/';
    const allowed = [...new Set(routes.filter((r) => r.pattern.test(path)).map((r) => r.method))];
    if (allowed.length > 0 && !allowed.includes(request.method)) {
      const allow = allowed.sort().join(', ');
      throw new HttpError({
        status: 405,
        code: 'METHOD_NOT_ALLOWED',
        message: `${request.method} is not allowed on ${path}; allowed: ${allow}.`,
        headers: { allow },
      });
    }
    throw new HttpError({
      status: 404,
      code: 'NOT_FOUND',
      message: `No route for ${request.method} ${path}.`,
    });
  });
}
