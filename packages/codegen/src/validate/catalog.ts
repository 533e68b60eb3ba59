import type { SpecFile } from '../load/load.js';
import type { RawField, RawTool, RawTypes } from './shape.js';

export interface EnumDecl {
  name: string;
  description?: string | undefined;
  values: string[];
  spec: SpecFile;
}

export interface ObjectDecl {
  name: string;
  description?: string | undefined;
  strict: boolean;
  fields: Record<string, RawField>;
  spec: SpecFile;
}

export interface ToolDecl {
  raw: RawTool;
  spec: SpecFile;
}

export interface PaginationDecl {
  raw: NonNullable<RawTypes['pagination']>;
  spec: SpecFile;
}

/** Every declaration of the spec set, shape-checked, first declaration wins on duplicates. */
export interface Catalog {
  tools: ToolDecl[];
  enums: Map<string, EnumDecl>;
  objects: Map<string, ObjectDecl>;
  errors: Map<string, { status: number; description?: string | undefined; spec: SpecFile }>;
  pagination?: PaginationDecl;
}

export const builtinTypes = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object']);
