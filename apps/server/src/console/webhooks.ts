import { EVENT_TYPES } from '@comply/storage';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { encryptSecret, newSigningSecret } from '../webhooks/secrets.js';
import { checkedAddresses, parseTarget, TargetRefused } from '../webhooks/target.js';
import { requireRole } from './access.js';
import { type ConsoleDeps, consoleActor, identityOf } from './context.js';
import { consoleError } from './errors.js';
import { parseInput } from './validate.js';

const createBody = z.strictObject({
  url: z.string().min(1).max(2000),
  event_types: z.array(z.enum(EVENT_TYPES)).min(1).max(EVENT_TYPES.length),
  description: z.string().max(200).nullish(),
});
const patchBody = z.strictObject({ enabled: z.boolean() });
const deliveriesQuery = z.strictObject({
  endpoint_id: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

type OrgParams = { Params: { orgId: string } };
type EndpointParams = { Params: { orgId: string; endpointId: string } };
type DeliveryParams = { Params: { orgId: string; deliveryId: string } };

/**
 * An organization's webhooks (docs/jobs.md): endpoints, their deliveries and attempts, replay.
 * OWNERs and ADMINs only: an endpoint receives the organization's records.
 */
export function registerWebhookRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  const { storage, webhooks } = deps;
  const admin = (request: FastifyRequest, organizationId: string) =>
    requireRole({ storage, userId: identityOf(request).user.id, organizationId, roles: ['OWNER', 'ADMIN'] });

  scope.get<OrgParams>('/orgs/:orgId/webhooks', async (request) => {
    const organizationId = request.params.orgId;
    await admin(request, organizationId);
    return { endpoints: await storage.webhooks.listEndpoints({ organizationId }), event_types: EVENT_TYPES };
  });

  scope.post<OrgParams>('/orgs/:orgId/webhooks', async (request, reply) => {
    const organizationId = request.params.orgId;
    await admin(request, organizationId);
    const body = parseInput({ schema: createBody, value: request.body });
    try {
      await checkedAddresses(parseTarget(body.url, webhooks.policy), webhooks.policy);
    } catch (error) {
      if (error instanceof TargetRefused)
        throw consoleError({ code: 'INVALID_INPUT', message: error.message, field: 'url' });
      throw error;
    }
    const secret = newSigningSecret();
    const endpoint = await storage.webhooks.createEndpoint({
      organizationId,
      url: body.url,
      description: body.description ?? null,
      eventTypes: [...new Set(body.event_types)],
      secretCiphertext: await encryptSecret(webhooks.keys, secret),
      actor: consoleActor(request, 'addWebhookEndpoint'),
    });
    // The endpoint is written: an engine that fails to start now (another instance starting it at the
    // same moment) must not turn that into an error that hides the secret; the service's watcher
    // starts it on its next round.
    await webhooks
      .ensureStarted()
      .catch((error) => request.log.warn({ err: error }, 'webhook engine start deferred'));
    // The secret is shown once: it is stored encrypted and never returned again.
    return reply.code(201).send({ endpoint, secret });
  });

  scope.patch<EndpointParams>('/orgs/:orgId/webhooks/:endpointId', async (request) => {
    const { orgId: organizationId, endpointId } = request.params;
    await admin(request, organizationId);
    const body = parseInput({ schema: patchBody, value: request.body });
    const endpoint = await storage.webhooks.setEnabled({
      organizationId,
      id: endpointId,
      enabled: body.enabled,
      actor: consoleActor(request, body.enabled ? 'enableWebhookEndpoint' : 'disableWebhookEndpoint'),
    });
    return { endpoint };
  });

  scope.delete<EndpointParams>('/orgs/:orgId/webhooks/:endpointId', async (request, reply) => {
    const { orgId: organizationId, endpointId } = request.params;
    await admin(request, organizationId);
    await storage.webhooks.deleteEndpoint({
      organizationId,
      id: endpointId,
      actor: consoleActor(request, 'deleteWebhookEndpoint'),
    });
    return reply.code(204).send();
  });

  scope.get<OrgParams>('/orgs/:orgId/webhook-deliveries', async (request) => {
    const organizationId = request.params.orgId;
    await admin(request, organizationId);
    const query = parseInput({ schema: deliveriesQuery, value: request.query });
    return {
      deliveries: await storage.webhooks.listDeliveries({
        organizationId,
        endpointId: query.endpoint_id,
        limit: query.limit,
      }),
    };
  });

  scope.get<DeliveryParams>('/orgs/:orgId/webhook-deliveries/:deliveryId/attempts', async (request) => {
    const { orgId: organizationId, deliveryId } = request.params;
    await admin(request, organizationId);
    return { attempts: await storage.webhooks.listAttempts({ organizationId, deliveryId }) };
  });

  scope.post<DeliveryParams>('/orgs/:orgId/webhook-deliveries/:deliveryId/replay', async (request) => {
    const { orgId: organizationId, deliveryId } = request.params;
    await admin(request, organizationId);
    if (!deps.config.jobs.enabled)
      throw consoleError({
        code: 'UNAVAILABLE',
        message: 'Jobs are off in this server (COMPLY_JOBS=off): a replay would never be sent.',
      });
    await webhooks.ensureStarted();
    const delivery = await storage.webhooks.replay({
      organizationId,
      deliveryId,
      actor: consoleActor(request, 'replayWebhookDelivery'),
      enqueue: webhooks.enqueue,
    });
    return { delivery };
  });
}
