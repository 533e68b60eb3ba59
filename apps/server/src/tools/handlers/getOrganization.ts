// Created by `npm run generate` from specs/tools/getOrganization.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get an organization. */
export const getOrganization: ToolHandler<'getOrganization'> = async () => notImplemented('getOrganization');
