import type { Storage } from '@comply/storage';
import type { Authenticate } from '../http/auth-hook.js';

/** Token authentication against storage: one lookup by the secret's hash per request. */
export function createAuthenticate(storage: Storage): Authenticate {
  return async ({ secret, source, ip, client }) => {
    const result = await storage.tokens.authenticate(secret);
    if (!result.ok) return { ok: false, problem: result.reason };
    return {
      ok: true,
      caller: {
        userId: result.user.id,
        tokenId: result.token.id,
        scope: result.token.scope,
        organizations: new Map(result.organizations.map((o) => [o.id, o.role])),
        source,
        ip,
        client,
      },
    };
  };
}
