// Created by `npm run generate` from specs/tools/listOrganizations.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** List organizations. */
export const listOrganizations: ToolHandler<'listOrganizations'> = async () =>
  notImplemented('listOrganizations');
