// Created by `npm run generate` from specs/tools/updateAsset.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toUpdateParams } from '../registers.js';

/** Update an asset. */
export const updateAsset: ToolHandler<'updateAsset'> = (ctx, args) =>
  ctx.storage.assets.update(toUpdateParams({ ctx, args }));
