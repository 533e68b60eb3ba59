// Created by `npm run generate` from specs/tools/getFramework.yaml. This file is yours: implement the handler here.
import type { ToolHandler } from '../handler.js';
import { getRecord } from '../registers.js';

/** Get a framework. */
export const getFramework: ToolHandler<'getFramework'> = (ctx, args) =>
  getRecord({ ctx, args, kind: 'framework', get: ctx.storage.frameworks.get });
