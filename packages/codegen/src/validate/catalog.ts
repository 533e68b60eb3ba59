import type { SpecFile } from '../load/load.js';
import type { RawField, RawOpenApi, RawRegisters, RawTool, RawTypes } from './shape.js';

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
  /** Expanded from a register file (`specs/registers/<plural>.yaml`), not written as a tool spec. */
  derived?: boolean;
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
  /** Hand-written OpenAPI for the endpoints that are not tools, one entry per file. */
  openapi: { raw: RawOpenApi; spec: SpecFile }[];
  /** The register catalog (`specs/registers.yaml`), when the spec set has one. */
  registers?: {
    raw: RawRegisters;
    spec: SpecFile;
    /** The register file of each register declared in one (`specs/registers/<plural>.yaml`). */
    specs: Record<string, SpecFile>;
  };
}

export const builtinTypes = new Set(['string', 'integer', 'number', 'boolean', 'array', 'object']);
