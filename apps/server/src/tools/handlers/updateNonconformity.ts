// Created by `npm run generate` from specs/tools/updateNonconformity.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Update a nonconformity. */
export const updateNonconformity: ToolHandler<'updateNonconformity'> = async () =>
  notImplemented('updateNonconformity');
