import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type CredentialProblem, describeCredentialProblem, parseBearer } from '../auth/bearer.js';
import type { Caller } from '../core/caller.js';
import { HttpError } from './errors.js';
import { matchedRoute, routeUnder } from './matched-route.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the Bearer hook on the MCP paths; absent everywhere else. */
    caller?: Caller;
  }
}

/** Resolves a token secret to its caller, or says why it cannot. */
export type Authenticate = (params: {
  secret: string;
  source: Caller['source'];
  ip: string;
  client: string | null;
}) => Promise<{ ok: true; caller: Caller } | { ok: false; problem: CredentialProblem }>;

function refuse(problem: CredentialProblem, challenge?: string) {
  const message = describeCredentialProblem(problem);
  // Header values must be printable ASCII without quotes; the JSON body carries the full sentence.
  const description = message.replace(/[^\x20-\x7e]|"/g, '').replace(/ {2,}/g, ' ');
  return new HttpError({
    status: 401,
    code: 'UNAUTHORIZED',
    message,
    headers: {
      'www-authenticate': `Bearer error="invalid_token", error_description="${description}"${challenge ? `, ${challenge}` : ''}`,
      'cache-control': 'no-store',
    },
  });
}

/**
 * Requires `Authorization: Bearer <token>` on every route under `prefix` (one or several) and sets `request.caller`.
 * The route decides nothing about authentication itself. The decision is made on the route the
 * router matched (`routeOptions.url`), never on the raw URL, which may be percent-encoded or in
 * absolute form and still reach the same route.
 */
export function registerBearerAuth({
  app,
  prefix,
  authenticate,
  mcpPath,
  challenge,
}: {
  app: FastifyInstance;
  prefix: string | readonly string[];
  authenticate: Authenticate;
  mcpPath: string;
  /** Extra WWW-Authenticate parameters of the MCP endpoint's 401 (OAuth: `resource_metadata`, `scope`). */
  challenge?: () => string;
}) {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!routeUnder({ request, prefix })) return;
    const route = matchedRoute(request);
    const extra = route === mcpPath ? challenge?.() : undefined;
    const parsed = parseBearer(request.headers.authorization);
    if (!parsed.ok) throw refuse(parsed.problem, extra);
    const result = await authenticate({
      secret: parsed.token,
      source: route === mcpPath ? 'mcp' : 'rest',
      ip: request.ip,
      client: request.headers['user-agent']?.slice(0, 200) ?? null,
    });
    if (!result.ok) throw refuse(result.problem, extra);
    request.caller = result.caller;
  });
}
