import type { ApiTokenWithUsage } from '@comply/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ConsoleDeps, identityOf } from './context.js';
import { consoleError } from './errors.js';

function summary(app: ApiTokenWithUsage) {
  return {
    id: app.id,
    name: app.name,
    scope: app.scope,
    organization_ids: app.organization_ids,
    created_at: app.created_at,
    revoked_at: app.revoked_at,
    last_used_at: app.last_used_at,
    last_used_client: app.last_used_client,
    calls_24h: app.calls_24h,
    calls_30d: app.calls_30d,
    status: app.revoked_at ? 'REVOKED' : 'ACTIVE',
  };
}

/**
 * Settings → Connected apps: the OAuth grants (claude.ai, ChatGPT, …) the user allowed, with usage,
 * and disconnecting one. Disconnecting revokes its token row and deletes the authorization server's
 * codes, access and refresh tokens of the grant.
 */
export function registerConnectedAppRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  const { storage } = deps;
  const listMine = async (request: FastifyRequest) =>
    (await storage.tokens.listForUser({ userId: identityOf(request).user.id, kind: 'oauth' })).map(summary);

  scope.get('/connected-apps', async (request) => ({ apps: await listMine(request) }));

  scope.delete<{ Params: { id: string } }>('/connected-apps/:id', async (request) => {
    const { user } = identityOf(request);
    const mine = (await listMine(request)).some((app) => app.id === request.params.id);
    if (!mine) {
      throw consoleError({
        code: 'NOT_FOUND',
        field: 'id',
        message: 'No such app among your connected apps.',
      });
    }
    await storage.tokens.revoke({
      tokenId: request.params.id,
      userId: user.id,
      actor: { userId: user.id, tokenId: null, source: 'console', action: 'revokeApp' },
    });
    return { app: (await listMine(request)).find((app) => app.id === request.params.id) };
  });
}
