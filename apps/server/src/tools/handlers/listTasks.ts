// Created by `npm run generate` from specs/registers/tasks.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf, toListOutput, toListParams } from '../registers.js';

/**
 * List tasks: `assignee: 'mine'` is the caller's account. Generated tasks are brought up to date
 * first (generation is the system's write, audited without the caller's account, so a read-only
 * caller sees current tasks too).
 */
export const listTasks: ToolHandler<'listTasks'> = async (ctx, args) => {
  const organizationId = organizationOf(ctx);
  await ctx.storage.tasks.catchUp({ organizationId, actor: ctx.actor });
  const params = toListParams({ ctx, args });
  if (params.filters.assignee === 'mine') params.filters.assignee = ctx.caller.userId;
  return toListOutput({ key: 'tasks', page: await ctx.storage.tasks.list(params) });
};
