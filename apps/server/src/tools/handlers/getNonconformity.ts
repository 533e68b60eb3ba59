// Created by `npm run generate` from specs/tools/getNonconformity.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord } from '../registers.js';

/** Get a nonconformity. */
export const getNonconformity: ToolHandler<'getNonconformity'> = (ctx, args) =>
  getRecord({ ctx, args, kind: 'nonconformity', get: ctx.storage.nonconformities.get });
