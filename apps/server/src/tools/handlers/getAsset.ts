// Created by `npm run generate` from specs/tools/getAsset.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord } from '../registers.js';

/** Get an asset. */
export const getAsset: ToolHandler<'getAsset'> = (ctx, args) =>
  getRecord({ ctx, args, kind: 'asset', get: ctx.storage.assets.get });
