// Created by `npm run generate` from specs/tools/updateObligation.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Update an obligation. */
export const updateObligation: ToolHandler<'updateObligation'> = async () =>
  notImplemented('updateObligation');
