// Created by `npm run generate` from specs/tools/getOrganization.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord, organizationOf } from '../registers.js';

/** Get an organization. */
export const getOrganization: ToolHandler<'getOrganization'> = async (ctx) => {
  const organizationId = organizationOf(ctx);
  const { organizations } = ctx.storage;
  const [organization, counts] = await Promise.all([
    getRecord({
      ctx,
      args: { id: organizationId },
      kind: 'organization',
      get: () => organizations.getForUser({ organizationId, userId: ctx.caller.userId }),
    }),
    organizations.counts({ organizationId }),
  ]);
  return { ...organization, counts };
};
