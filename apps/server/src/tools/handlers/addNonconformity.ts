// Created by `npm run generate` from specs/tools/addNonconformity.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Add a nonconformity. */
export const addNonconformity: ToolHandler<'addNonconformity'> = async () =>
  notImplemented('addNonconformity');
