// Created by `npm run generate` from specs/tools/listOrganizations.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput } from '../registers.js';

/** List organizations. */
export const listOrganizations: ToolHandler<'listOrganizations'> = async (ctx, args) => {
  const { page_size, cursor, order_by, ...filters } = args;
  // The caller's organizations are already the user's memberships narrowed by the token's restriction.
  const page = await ctx.storage.organizations.listForUser({
    userId: ctx.caller.userId,
    organizationIds: [...ctx.caller.organizations.keys()],
    filters,
    orderBy: order_by,
    pageSize: page_size,
    cursor,
  });
  return toListOutput({ key: 'organizations', page });
};
