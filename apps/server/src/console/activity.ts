import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireMembership } from './access.js';
import { nameEntries } from './activity-names.js';
import { type ConsoleDeps, identityOf } from './context.js';
import { hiddenRecordTypes, seesTokens } from './invitation-visibility.js';
import { parseInput } from './validate.js';

const id = z.string().trim().min(1).max(200).optional();
const activityQuery = z.strictObject({
  record_id: id,
  record_type: id,
  actor_user_id: id,
  token_id: id,
  /** The tool name or console action. */
  action: id,
  page_size: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().trim().min(1).max(2000).optional(),
});

/**
 * Activity: the organization's audit log, newest first, filterable by record, actor, token and tool;
 * each entry carries the record's, the actor's and the token's names. Members who may not see
 * invitations (`invitation-visibility.ts`) get no invitation entries; an AUDITOR gets no entries
 * about people, settings, webhooks or tokens, and no token names.
 */
export function registerActivityRoutes({ scope, deps }: { scope: FastifyInstance; deps: ConsoleDeps }) {
  scope.get<{ Params: { orgId: string } }>('/orgs/:orgId/activity', async (request) => {
    const organizationId = request.params.orgId;
    const { role } = await requireMembership({
      storage: deps.storage,
      userId: identityOf(request).user.id,
      organizationId,
    });
    const { page_size, cursor, ...filters } = parseInput({ schema: activityQuery, value: request.query });
    // An auditor sees what changed and who changed it, not which of their tokens did it.
    if (!seesTokens(role)) delete filters.token_id;
    const page = await deps.storage.auditLog.list({
      organizationId,
      // Invitation entries carry what the invitation list shows, and follow its rule.
      filters: { ...filters, exclude_record_types: hiddenRecordTypes(role) },
      pageSize: page_size,
      cursor,
    });
    const named = await nameEntries({ storage: deps.storage, organizationId, entries: page.items });
    const entries = seesTokens(role) ? named : named.map((e) => ({ ...e, token_id: null, token_name: null }));
    return { entries, next_cursor: page.next_cursor, total_count: page.total_count };
  });
}
