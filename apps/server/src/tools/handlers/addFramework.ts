// Created by `npm run generate` from specs/tools/addFramework.yaml. This file is yours: implement the handler here.
import { notImplemented, type ToolHandler } from '../handler.js';
/** Add a framework. */
export const addFramework: ToolHandler<'addFramework'> = async () => notImplemented('addFramework');
