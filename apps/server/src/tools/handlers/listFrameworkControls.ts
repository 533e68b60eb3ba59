// Created by `npm run generate` from specs/tools/listFrameworkControls.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toListOutput, toListParams } from '../registers.js';

/** List a framework's controls. */
export const listFrameworkControls: ToolHandler<'listFrameworkControls'> = async (ctx, args) => {
  const { framework_id, ...rest } = args;
  const { organizationId, filters, pageSize, cursor } = toListParams({ ctx, args: rest });
  const page = await ctx.storage.frameworks.listControls({
    organizationId,
    frameworkId: framework_id,
    filters,
    pageSize,
    cursor,
  });
  return toListOutput({ key: 'controls', page });
};
