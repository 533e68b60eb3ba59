// Created by `npm run generate` from specs/tools/listNonconformities.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** List nonconformities. */
export const listNonconformities: ToolHandler<'listNonconformities'> = async () =>
  notImplemented('listNonconformities');
