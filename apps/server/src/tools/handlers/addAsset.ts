// Created by `npm run generate` from specs/tools/addAsset.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { toCreateParams } from '../registers.js';

/** Add an asset. */
export const addAsset: ToolHandler<'addAsset'> = (ctx, args) =>
  ctx.storage.assets.create(toCreateParams({ ctx, args }));
