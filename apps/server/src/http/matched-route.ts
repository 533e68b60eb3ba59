import type { FastifyRequest } from 'fastify';

/**
 * The path pattern of the route the router matched (e.g. `/api/mcp/tools/:tool`), or undefined when
 * no route matched. Hooks decide on this, never on `request.url`: the router decodes `%XX` and drops
 * an absolute-form `http://host` prefix, so the raw URL can differ from the route that will run.
 */
export function matchedRoute(request: FastifyRequest): string | undefined {
  return request.routeOptions.url;
}

/** Whether the matched route lies under `prefix` (or one of several prefixes). */
export function routeUnder(args: { request: FastifyRequest; prefix: string | readonly string[] }): boolean {
  const route = matchedRoute(args.request);
  if (route === undefined) return false;
  const prefixes: readonly string[] = typeof args.prefix === 'string' ? [args.prefix] : args.prefix;
  return prefixes.some((prefix) => route.startsWith(prefix));
}
