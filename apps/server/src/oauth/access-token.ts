import type { Storage } from '@comply/storage';
import type Provider from 'oidc-provider';
import type { Authenticate } from '../http/auth-hook.js';
import { tokenScopeOf } from './scopes.js';

/**
 * Resolves an OAuth access token presented to the MCP endpoint: issued by this server, unexpired,
 * bound to `resource` (RFC 8707), and its grant's connected app not revoked. The caller is the app's
 * token row, so per-organization scope, usage, revocation and the audit log work as for API tokens.
 */
export async function authenticateAccessToken({
  provider,
  storage,
  resource,
  params,
}: {
  provider: Provider;
  storage: Storage;
  resource: string;
  params: Parameters<Authenticate>[0];
}): ReturnType<Authenticate> {
  const token = await provider.AccessToken.find(params.secret);
  if (!token?.grantId) return { ok: false, problem: 'unknown' };
  if (token.isExpired) return { ok: false, problem: 'expired' };
  const audience = Array.isArray(token.aud) ? token.aud : [token.aud];
  if (audience.length !== 1 || audience[0] !== resource) return { ok: false, problem: 'unknown' };
  const granted = tokenScopeOf((token.scope ?? '').split(' '));
  if (!granted) return { ok: false, problem: 'unknown' };
  const app = await storage.tokens.authenticateGrant(token.grantId);
  if (!app.ok) return { ok: false, problem: app.reason };
  // The narrower of what the user consented to and what this token carries.
  const scope = app.token.scope === 'WRITE' && granted === 'WRITE' ? 'WRITE' : 'READ';
  return {
    ok: true,
    caller: {
      userId: app.user.id,
      tokenId: app.token.id,
      scope,
      organizations: new Map(app.organizations.map((o) => [o.id, o.role])),
      source: params.source,
      ip: params.ip,
      client: params.client,
      viaOAuth: true,
    },
  };
}
