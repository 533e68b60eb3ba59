import { type ToolName, tools } from '@comply/schemas';
import type { Organization } from '@comply/storage';
import type { FastifyRequest } from 'fastify';
import type { ToolContext } from '../core/context.js';
import { ToolError } from '../core/errors.js';
import { describeZodError } from '../core/validation.js';
import { type ConsoleDeps, identityOf } from './context.js';

/**
 * Runs a read tool's own handler for the signed-in user, after validating `input` with the tool's
 * generated schema: the console's register views and report are the tools, not a second copy.
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
  const tool = tools[name];
  if (tool.access !== 'read') throw new Error(`${name} is not a read tool`);
  const parsed = tool.input.safeParse({ ...input, organization_id: organization.id });
  if (!parsed.success) throw new ToolError({ code: 'INVALID_INPUT', ...describeZodError(parsed.error) });
  const { user } = identityOf(request);
  const context: ToolContext = {
    storage: deps.storage,
    // A session has no token; read handlers use only the user and organizations, and nothing is
    // recorded for reads, so the token fields stay empty.
    caller: {
      userId: user.id,
      tokenId: '',
      scope: 'READ',
      organizations: new Map([[organization.id, organization.role]]),
      source: 'rest',
      ip: request.ip,
      client: 'console',
    },
    organizationId: organization.id,
    role: organization.role,
    actor: { userId: user.id, tokenId: null, source: 'console', action: name },
  };
  const handler = deps.handlers[name] as (ctx: ToolContext, args: unknown) => Promise<unknown>;
  return handler(context, parsed.data);
}
