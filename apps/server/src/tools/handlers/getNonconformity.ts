// Created by `npm run generate` from specs/tools/getNonconformity.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get a nonconformity. */
export const getNonconformity: ToolHandler<'getNonconformity'> = async () =>
  notImplemented('getNonconformity');
