// Created by `npm run generate` from specs/tools/getFramework.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Get a framework. */
export const getFramework: ToolHandler<'getFramework'> = async () => notImplemented('getFramework');
