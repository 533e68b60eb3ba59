// Created by `npm run generate` from specs/tools/updateFramework.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Update a framework. */
export const updateFramework: ToolHandler<'updateFramework'> = async () => notImplemented('updateFramework');
