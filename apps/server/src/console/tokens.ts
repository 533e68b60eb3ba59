import type { ApiTokenWithUsage } from '@comply/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allMemberships } from './access.js';
import { type ConsoleDeps, identityOf, publicOrigin } from './context.js';
import { consoleError } from './errors.js';
import { checkScopeAllowed, createTokenBody, resolveExpiry, rotationDue } from './token-rules.js';
import { parseInput } from './validate.js';

function withStatus({ token, now }: { token: ApiTokenWithUsage; now: Date }) {
  const expired = token.expires_at !== null && new Date(token.expires_at).getTime() <= now.getTime();
  return {
    ...token,
    status: token.revoked_at ? 'REVOKED' : expired ? 'EXPIRED' : 'ACTIVE',
    rotation_due: !token.revoked_at && !expired && rotationDue({ createdAt: token.created_at, now }),
  };
}

/** The MCP address and the seed's `mcpServers` client configuration for a secret. */
export function clientConfiguration({ mcpUrl, secret }: { mcpUrl: string; secret: string }) {
  const url = mcpUrl;
  return {
    mcp_url: url,
    client_config: { mcpServers: { comply: { url, headers: { Authorization: `Bearer ${secret}` } } } },
  };
}

/** Settings → API Tokens: list (with usage), generate (secret shown once), revoke. Tokens are the user's own. */
export function registerTokenRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  const { storage } = deps;
  const mcpUrl = (request: FastifyRequest) =>
    `${publicOrigin({ request, config: deps.config })}${deps.mcpPath}`;
  const listMine = async (request: FastifyRequest) => {
    const now = new Date();
    const tokens = await storage.tokens.listForUser({ userId: identityOf(request).user.id });
    return tokens.map((token) => withStatus({ token, now }));
  };

  scope.get('/tokens', async (request) => ({
    tokens: await listMine(request),
    mcp_url: mcpUrl(request),
  }));

  scope.post('/tokens', async (request, reply) => {
    const body = parseInput({ schema: createTokenBody, value: request.body });
    const { user } = identityOf(request);
    const expiresAt = resolveExpiry({ body, now: new Date() });
    const memberships = await allMemberships({ storage, userId: user.id });
    checkScopeAllowed({ scope: body.scope, organizationIds: body.organization_ids, memberships });
    const { token, secret } = await storage.tokens.create({
      userId: user.id,
      name: body.name,
      scope: body.scope,
      expiresAt,
      organizationIds: body.organization_ids,
      actor: { userId: user.id, tokenId: null, source: 'console', action: 'createToken' },
    });
    const listed = (await listMine(request)).find((t) => t.id === token.id);
    return reply.code(201).send({
      token: listed,
      secret,
      ...clientConfiguration({ mcpUrl: mcpUrl(request), secret }),
    });
  });

  scope.delete<{ Params: { id: string } }>('/tokens/:id', async (request) => {
    const { user } = identityOf(request);
    const owned = (await storage.tokens.get({ tokenId: request.params.id }))?.user_id === user.id;
    if (!owned) {
      throw consoleError({ code: 'NOT_FOUND', field: 'id', message: 'No such token among your tokens.' });
    }
    await storage.tokens.revoke({
      tokenId: request.params.id,
      userId: user.id,
      actor: { userId: user.id, tokenId: null, source: 'console', action: 'revokeToken' },
    });
    const listed = (await listMine(request)).find((t) => t.id === request.params.id);
    return { token: listed };
  });
}
