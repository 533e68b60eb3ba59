import { type Actor, MAX_DUE_SOON_DAYS } from '@comply/storage';
import { z } from 'zod';
import { OWN_PEOPLE_ROLES, requireRole } from './access.js';
import { type ConsoleRoutes, identityOf } from './context.js';
import { parseInput } from './validate.js';

const preferencesBody = z
  .strictObject({
    due_soon_days: z.number().int().min(0).max(MAX_DUE_SOON_DAYS).optional(),
    overdue: z.boolean().optional(),
    digest: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { message: 'Give at least one preference to change.' });

type OrgParams = { Params: { orgId: string } };

const consoleActor = (userId: string, action: string): Actor => ({
  userId,
  tokenId: null,
  source: 'console',
  action,
});

/**
 * `GET`/`PUT /orgs/:orgId/notifications`: the signed-in member's own reminder preferences in that
 * organization (docs/jobs.md, "Reminders"). Only ever the caller's own: there is no user in the path.
 */
export function registerNotificationRoutes({ scope, deps }: ConsoleRoutes) {
  const member = (userId: string, organizationId: string) =>
    requireRole({ storage: deps.storage, userId, organizationId, roles: OWN_PEOPLE_ROLES });

  scope.get<OrgParams>('/orgs/:orgId/notifications', async (request) => {
    const { user } = identityOf(request);
    const organizationId = request.params.orgId;
    await member(user.id, organizationId);
    return {
      preferences: await deps.storage.reminders.preferences.get({ organizationId, userId: user.id }),
      mail_enabled: Boolean(deps.config.smtpUrl),
    };
  });

  scope.put<OrgParams>('/orgs/:orgId/notifications', async (request) => {
    const { user } = identityOf(request);
    const organizationId = request.params.orgId;
    await member(user.id, organizationId);
    const body = parseInput({ schema: preferencesBody, value: request.body });
    return {
      preferences: await deps.storage.reminders.preferences.set({
        organizationId,
        userId: user.id,
        patch: body,
        actor: consoleActor(user.id, 'setNotificationPreferences'),
      }),
      mail_enabled: Boolean(deps.config.smtpUrl),
    };
  });
}
