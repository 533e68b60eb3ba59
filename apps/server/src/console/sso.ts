import { randomBytes } from 'node:crypto';
import { hashSecret } from '@comply/storage';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import type { SsoConfig } from '../config.js';
import { type ConsoleDeps, isSecure, publicOrigin } from './context.js';
import { readCookie, writeCookie } from './cookies.js';
import { consoleError } from './errors.js';
import { type LimitedConsoleRoutes, reserveAttempt } from './rate-limit.js';
import { startSession } from './session.js';

/** The browser's half of a sign-in in progress (the server keeps state, nonce and verifier). */
const FLOW_COOKIE = 'comply_sso';
const FLOW_PATH = '/api/console/sso';
const FLOW_MODEL = 'SsoLogin';
const FLOW_TTL_SECONDS = 600;

/** Why an SSO sign-in was refused, as the sign-in page words it (`/signin?sso_error=…`). */
export type SsoFailure = 'expired' | 'failed' | 'email' | 'domain' | 'account';

interface Flow {
  state: string;
  nonce: string;
  verifier: string;
}

/** The e-mail's domain, lower case. */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/** Whether password sign-in (and reset) is refused for `email`: SSO is required for its domain. */
export function ssoRequiredFor({ sso, email }: { sso: SsoConfig | null; email: string }): boolean {
  return Boolean(sso?.required && sso.domains.includes(domainOf(email)));
}

/** Throws the refusal of a password step for an address that must use SSO. */
export function refusePasswordForSso({ deps, email }: { deps: ConsoleDeps; email: string }) {
  const { sso } = deps.config;
  if (sso && ssoRequiredFor({ sso, email })) {
    throw consoleError({
      code: 'FORBIDDEN',
      field: 'email',
      message: `Addresses at ${domainOf(email)} sign in with ${sso.name}, not with a password.`,
    });
  }
}

/**
 * The relying party's configuration from the provider's discovery document, fetched once (again
 * after a failure). openid-client checks everything the specification asks: state, PKCE (S256),
 * the ID token's signature, issuer, audience, expiry and nonce, and RFC 9207's `iss` parameter.
 */
function relyingParty(sso: SsoConfig) {
  let configuration: Promise<oidc.Configuration> | undefined;
  // Plain HTTP only for a provider on loopback (development, tests); config refuses it elsewhere.
  const execute = sso.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : [];
  return () => {
    configuration ??= oidc
      .discovery(new URL(sso.issuer), sso.clientId, sso.clientSecret, undefined, { execute })
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };
}

/**
 * Single sign-on for the console through one OpenID provider (authorization code flow with PKCE,
 * state and nonce): `GET /sso` (is it on, the button's name), `GET /sso/start` (to the provider) and
 * `GET /sso/callback` (back from it). An e-mail of an allowed domain signs in to the account linked
 * to the provider's subject, else to the account with that e-mail (which is then linked), else to
 * a new one that joins the configured organization with the default role.
 */
export function registerSsoRoutes({ scope, deps, limiter }: LimitedConsoleRoutes) {
  const { sso } = deps.config;
  scope.get('/sso', async () => ({ enabled: sso !== null, name: sso?.name ?? null }));
  if (!sso) return;
  const configuration = relyingParty(sso);
  const redirectUri = (request: FastifyRequest) =>
    `${publicOrigin({ request, config: deps.config })}${FLOW_PATH}/callback`;
  const flowCookie = (request: FastifyRequest, reply: FastifyReply, value: string | null) =>
    writeCookie({
      reply,
      name: FLOW_COOKIE,
      value,
      secure: isSecure({ request, config: deps.config }),
      maxAgeSeconds: FLOW_TTL_SECONDS,
      // Lax: the provider sends the browser back with a top-level GET from its own site.
      sameSite: 'Lax',
      path: FLOW_PATH,
    });

  scope.get('/sso/start', async (request, reply) => {
    await reserveAttempt({
      limiter,
      keys: [`sso-ip:${request.ip}`],
      reply,
      message: 'Too many sign-ins started.',
    });
    const config = await configuration().catch((error: unknown) => {
      request.log.warn({ err: error }, 'OpenID provider discovery failed');
      throw consoleError({ code: 'UNAVAILABLE', message: `${sso.name} cannot be reached; try again later.` });
    });
    const flow: Flow = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      verifier: oidc.randomPKCECodeVerifier(),
    };
    const handle = randomBytes(32).toString('base64url');
    await deps.storage.oauthRecords.upsert({
      model: FLOW_MODEL,
      id: hashSecret(handle),
      payload: { ...flow },
      expiresInSeconds: FLOW_TTL_SECONDS,
    });
    flowCookie(request, reply, handle);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(request),
      scope: 'openid email profile',
      state: flow.state,
      nonce: flow.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
      code_challenge_method: 'S256',
    });
    return reply.code(303).redirect(url.href);
  });

  scope.get('/sso/callback', async (request, reply) => {
    const fail = (why: SsoFailure) => {
      flowCookie(request, reply, null);
      return reply.code(303).redirect(`/signin?sso_error=${why}`);
    };
    const handle = readCookie({ request, name: FLOW_COOKIE });
    const id = handle ? hashSecret(handle) : null;
    const flow = id
      ? ((await deps.storage.oauthRecords.find({ model: FLOW_MODEL, id })) as Flow | undefined)
      : null;
    if (!id || !flow) return fail('expired');
    // Single use: a second callback with the same browser finds nothing.
    await deps.storage.oauthRecords.destroy({ model: FLOW_MODEL, id });
    const callback = new URL(redirectUri(request));
    callback.search = new URL(request.url, 'http://x').search;
    let claims: oidc.IDToken;
    let email: unknown;
    let name: unknown;
    let verified: unknown;
    try {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(
        config,
        callback,
        {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
        { redirect_uri: redirectUri(request) },
      );
      claims = tokens.claims() as oidc.IDToken;
      ({ email, name, email_verified: verified } = claims);
      if (typeof email !== 'string') {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        ({ email, name, email_verified: verified } = info);
      }
    } catch (error) {
      request.log.warn({ err: error }, 'SSO sign-in refused');
      return fail('failed');
    }
    if (typeof email !== 'string' || verified === false) return fail('email');
    if (!sso.domains.includes(domainOf(email))) return fail('domain');
    const signedIn = await deps.storage.identity.sso.signIn({
      identity: {
        issuer: claims.iss,
        subject: claims.sub,
        email,
        name: typeof name === 'string' ? name : null,
      },
      mayCreate: true,
      join: sso.organizationId ? { organizationId: sso.organizationId, role: sso.role } : null,
    });
    if (!signedIn) return fail('account');
    flowCookie(request, reply, null);
    const { enabled } = await deps.storage.identity.state({ userId: signedIn.user.id });
    await startSession({ deps, request, reply, userId: signedIn.user.id, pendingFactor: enabled });
    return reply.code(303).redirect(enabled ? '/signin?second_factor=1' : '/');
  });
}
