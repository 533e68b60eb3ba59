// Created by `npm run generate` from specs/registers/tasks.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { organizationOf, toListOutput, toListParams } from '../registers.js';

/**
 * List tasks: `assignee: 'mine'` is the caller's account. Generated tasks are brought up to date
 * (the system's write, audited without the caller's account, so a read-only caller sees current
 * tasks too) once the call is known to be valid: a refused call (a bad cursor) writes nothing. When
 * the catch-up changed tasks, the page is read again.
 */
export const listTasks: ToolHandler<'listTasks'> = async (ctx, args) => {
  const organizationId = organizationOf(ctx);
  const params = toListParams({ ctx, args });
  if (params.filters.assignee === 'mine') params.filters.assignee = ctx.caller.userId;
  let page = await ctx.storage.tasks.list(params);
  const caughtUp = await ctx.storage.tasks.catchUp({ organizationId, actor: ctx.actor });
  if (caughtUp && caughtUp.created + caughtUp.closed > 0) page = await ctx.storage.tasks.list(params);
  return toListOutput({ key: 'tasks', page });
};
