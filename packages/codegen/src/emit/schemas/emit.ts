import type { Project } from 'ts-morph';
import type { Model } from '../../model/types.js';
import { emitForms } from '../forms/emit.js';
import type { EmittedFile } from '../header.js';
import { emitMcpTools } from '../mcp/emit.js';
import { emitSchemasIndex } from './index.js';
import { emitRegisters } from './registers.js';
import { emitRegistry } from './registry.js';
import { emitErrors, emitSharedSchemas } from './shared.js';
import { emitToolSchemas } from './tool.js';

/** Every file of packages/schemas that the generator owns. */
export function emitSchemas(a: { model: Model; project: Project }): EmittedFile[] {
  return [
    emitSharedSchemas(a),
    emitErrors(a),
    emitToolSchemas(a),
    emitRegistry(a),
    ...emitRegisters(a),
    emitMcpTools(a),
    emitForms(a),
    emitSchemasIndex(a),
  ];
}
