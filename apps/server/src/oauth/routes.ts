import { type Storage, TOKEN_SECRET_PREFIX } from '@comply/storage';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { ServerConfig } from '../config.js';
import type { Authenticate } from '../http/auth-hook.js';
import { createTokenBuckets } from '../http/token-bucket.js';
import { authenticateAccessToken } from './access-token.js';
import { registerConsent } from './consent.js';
import { issuerOf, issuerProblem } from './issuer.js';
import { createProvider, OAUTH_ROUTES } from './provider.js';
import { MCP_SCOPES } from './scopes.js';

const PRM = '/.well-known/oauth-protected-resource';
const PRUNE_EVERY_MS = 10 * 60_000;

/** What the rest of the app uses of the OAuth server. */
export interface OAuthServer {
  /** Resolves a Bearer secret: an API token as before, else (on the MCP endpoint) an OAuth access token. */
  authenticate: Authenticate;
  /** The `resource_metadata` and `scope` parameters a 401 or 403 of the MCP endpoint carries. */
  challenge: () => string;
}

/**
 * The OAuth 2.1 authorization server of the MCP endpoint: Protected Resource Metadata (RFC 9728,
 * path-aware and root), authorization-server metadata (RFC 8414 and OpenID discovery), the
 * library's endpoints under /oauth/, and the consent page. The library (oidc-provider) speaks the
 * protocol; this file only routes requests to it.
 */
export async function registerOAuth({
  app,
  storage,
  config,
  mcpPath,
  authenticate,
  fetchMetadata,
}: {
  app: FastifyInstance;
  storage: Storage;
  config: ServerConfig;
  mcpPath: string;
  /** The API-token authentication, tried first and unchanged. */
  authenticate: Authenticate;
  fetchMetadata?: typeof fetch;
}): Promise<OAuthServer> {
  const problem = issuerProblem(config);
  if (problem) throw new Error(problem);
  // The issuer may be the listening address, known only once the server listens: built on first use.
  let built:
    | Promise<{
        provider: Provider;
        handle: ReturnType<Provider['callback']>;
        issuer: string;
        resource: string;
      }>
    | undefined;
  const server = () => {
    built ??= (async () => {
      const issuer = issuerOf({ config, app });
      const resource = `${issuer}${mcpPath}`;
      const provider = await createProvider({
        storage,
        issuer,
        resource,
        allowPrivateMetadata: config.oauthAllowPrivateMetadata,
        fetchMetadata,
      });
      return { provider, handle: provider.callback(), issuer, resource };
    })();
    built.catch(() => {
      built = undefined;
    });
    return built;
  };
  const protectedResource = async () => {
    const { issuer, resource } = await server();
    return {
      resource,
      authorization_servers: [issuer],
      scopes_supported: [...MCP_SCOPES],
      bearer_methods_supported: ['header'],
      resource_name: 'Comply',
    };
  };
  const sendMetadata = async (_request: FastifyRequest, reply: FastifyReply) => {
    const body = await protectedResource();
    return reply.header('cache-control', 'max-age=300').header('access-control-allow-origin', '*').send(body);
  };
  app.get(`${PRM}${mcpPath}`, sendMetadata);
  app.get(PRM, sendMetadata);

  // Hands a request to the library, with the path of the route that matched (never the raw URL)
  // and only the proxy information fastify decided to believe.
  const passThrough = (path: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (limited.has(path) && request.method === 'POST' && config.unauthenticatedRateLimitPerMinute > 0) {
      const wait = buckets.take(request.ip);
      if (wait > 0) {
        return reply
          .code(429)
          .header('retry-after', String(wait))
          .header('cache-control', 'no-store')
          .send({
            error: 'temporarily_unavailable',
            error_description: `Too many registration and token requests from this address; retry in ${wait} s.`,
          });
      }
    }
    const { handle } = await server();
    const raw = request.raw;
    const query = raw.url?.includes('?') ? raw.url.slice(raw.url.indexOf('?')) : '';
    raw.url = path + query;
    raw.headers['x-forwarded-proto'] = request.protocol;
    delete raw.headers['x-forwarded-host'];
    delete raw.headers['x-forwarded-for'];
    delete raw.headers['x-forwarded-port'];
    reply.hijack();
    handle(raw, reply.raw);
  };

  // Registration and token requests need no credential: each address gets the refused-credential
  // allowance (COMPLY_UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE), so nobody fills the database with clients.
  const buckets = createTokenBuckets({ perMinute: Math.max(1, config.unauthenticatedRateLimitPerMinute) });
  const limited = new Set<string>([OAUTH_ROUTES.registration, OAUTH_ROUTES.token]);
  // Expired codes, tokens and interactions are never read again; they are deleted every ten minutes.
  const pruning = setInterval(() => {
    storage.oauthRecords
      .prune()
      .catch((error: unknown) => app.log.warn({ err: error }, 'oauth prune failed'));
  }, PRUNE_EVERY_MS);
  pruning.unref();
  app.addHook('onClose', async () => clearInterval(pruning));

  await app.register(async (scope) => {
    // The library reads request bodies itself: fastify must leave the stream unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const discovery = passThrough('/.well-known/openid-configuration');
    scope.get('/.well-known/oauth-authorization-server', discovery);
    scope.get('/.well-known/openid-configuration', discovery);
    scope.get(OAUTH_ROUTES.authorization, passThrough(OAUTH_ROUTES.authorization));
    scope.post(OAUTH_ROUTES.authorization, passThrough(OAUTH_ROUTES.authorization));
    scope.get<{ Params: { uid: string } }>(`${OAUTH_ROUTES.authorization}/:uid`, (request, reply) =>
      passThrough(`${OAUTH_ROUTES.authorization}/${encodeURIComponent(request.params.uid)}`)(request, reply),
    );
    scope.post(OAUTH_ROUTES.token, passThrough(OAUTH_ROUTES.token));
    scope.post(OAUTH_ROUTES.registration, passThrough(OAUTH_ROUTES.registration));
    scope.post(OAUTH_ROUTES.revocation, passThrough(OAUTH_ROUTES.revocation));
    scope.get(OAUTH_ROUTES.jwks, passThrough(OAUTH_ROUTES.jwks));
    for (const path of [OAUTH_ROUTES.token, OAUTH_ROUTES.registration, OAUTH_ROUTES.revocation]) {
      scope.options(path, passThrough(path));
    }
  });

  await registerConsent({ app, storage, server });

  return {
    // API tokens (their prefix) take the path they always took; OAuth is only tried for other
    // secrets on the MCP endpoint, and an unknown one still gets the API-token answer.
    authenticate: async (params) => {
      if (params.secret.startsWith(TOKEN_SECRET_PREFIX) || params.source !== 'mcp')
        return authenticate(params);
      const { provider, resource } = await server();
      const result = await authenticateAccessToken({ provider, storage, resource, params });
      return result.ok || result.problem !== 'unknown' ? result : authenticate(params);
    },
    challenge: () =>
      `resource_metadata="${issuerOf({ config, app })}${PRM}${mcpPath}", scope="${MCP_SCOPES.join(' ')}"`,
  };
}
