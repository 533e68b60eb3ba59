import type { ToolName } from '@comply/schemas';
import type { Organization, User } from '@comply/storage';
import type { FastifyRequest } from 'fastify';
import type { Caller } from '../core/caller.js';
import { type ConsoleDeps, identityOf } from './context.js';

/**
 * The signed-in user as a tool caller in one organization: no token (nothing is recorded as token
 * usage), source `console` in the audit log, and that organization only, with the member's role.
 */
export function consoleCaller({
  request,
  user,
  organization,
  scope,
}: {
  request: FastifyRequest;
  user: User;
  organization: Organization;
  scope: Caller['scope'];
}): Caller {
  return {
    userId: user.id,
    tokenId: '',
    scope,
    organizations: new Map([[organization.id, organization.role]]),
    source: 'console',
    ip: request.ip,
    client: 'console',
  };
}

/**
 * Runs a read tool for the signed-in user through the tool core, as the forms' writes do: the
 * console's register views, framework controls and report are the tools (their validation, read
 * cache and errors), not a second copy.
 */
export async function runReadTool({
  deps,
  request,
  organization,
  name,
  input,
}: {
  deps: ConsoleDeps;
  request: FastifyRequest;
  organization: Organization;
  name: ToolName;
  input: Record<string, unknown>;
}): Promise<unknown> {
  const { user } = identityOf(request);
  const caller = consoleCaller({ request, user, organization, scope: 'READ' });
  const { output } = await deps.core.invoke({
    caller,
    name,
    input: { ...input, organization_id: organization.id },
  });
  return output;
}
