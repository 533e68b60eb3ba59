// Created by `npm run generate` from specs/tools/listTestRuns.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** Pages an organization's control test runs, latest period first. */
export const listTestRuns: ToolHandler<'listTestRuns'> = async (ctx, args) => {
  const { organizationId, filters, orderBy, pageSize, cursor } = toListParams({ ctx, args });
  const page = await ctx.storage.control_tests.listRuns({
    organizationId,
    filters,
    orderBy: orderBy ?? undefined,
    pageSize,
    cursor,
  });
  return toListOutput({ key: 'test_runs', page });
};
