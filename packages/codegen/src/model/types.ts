/** The typed model between the YAML specs and the emitters. Emitters only ever see these nodes. */

export type StringFormat = 'date' | 'date-time' | 'email' | 'uri';

/** A type expression: a scalar, an inline enum, a reference to a shared type, an array or an object. */
export type TypeNode =
  | { kind: 'string'; format?: StringFormat; minLength?: number; maxLength?: number }
  | { kind: 'integer' | 'number'; min?: number; max?: number }
  | { kind: 'boolean' }
  | { kind: 'enum'; values: readonly string[] }
  | { kind: 'ref'; name: string; target: 'enum' | 'object' }
  | { kind: 'array'; items: TypeNode; minItems?: number; maxItems?: number }
  | { kind: 'object'; fields: readonly Field[] };

/** One property of an object. `default` implies the key may be omitted by callers. */
export interface Field {
  name: string;
  description: string;
  type: TypeNode;
  optional: boolean;
  nullable: boolean;
  default?: unknown;
}

/** A named enum from `specs/types/*.yaml`. */
export interface EnumDef {
  name: string;
  description: string;
  values: readonly string[];
  source: string;
}

/** A named object type from `specs/types/*.yaml`. Strict types reject unknown keys (input types). */
export interface ObjectDef {
  name: string;
  description: string;
  fields: readonly Field[];
  strict: boolean;
  source: string;
}

export interface ErrorDef {
  code: string;
  status: number;
  description: string;
}

/** A sample input from a spec's `examples:`. Record ids in it are placeholders such as `org_…`. */
export interface Example {
  title?: string;
  input: Readonly<Record<string, unknown>>;
}

/** An input the tool refuses with INVALID_INPUT naming `field` (a dotted path). */
export interface InvalidExample extends Example {
  field: string;
}

/** `action`: a write that is none of the others (approve…); any verb but list, get, add, update. */
export type ToolKind = 'list' | 'get' | 'add' | 'update' | 'report' | 'action';

export interface Annotations {
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** How a list tool pages: its items and order, the rest is the model's one `paging` shape. */
export interface ToolPaging {
  /** The output key holding a page's items (`risks`), beside `next_cursor`. */
  items: string;
  /** The shared object type of an item. */
  itemType: string;
  orderFields: readonly string[];
  orderDefault: { field: string; direction: string };
}

/**
 * The paging every list tool shares (`specs/types/pagination.yaml`): ONE node, referenced by each
 * list tool's `pagination` instead of being copied into its input and output. Emitters write it
 * once (the shared zod shapes, from which its JSON Schemas derive) or expand it with `pagedFields`
 * where a self-contained form is needed (MCP tools/list, client types).
 */
export interface Paging {
  /** `page_size`, `cursor`: added to every list tool's input, before `order_by`. */
  input: readonly Field[];
  orderBy: { description: string; fieldDescription: string; directionDescription: string };
  /** `next_cursor`, `total_count`, `total_count_is_lower_bound`: after the items in the output. */
  output: readonly Field[];
}

/** A tool. A list tool's `input` and `output` hold its own fields; its `pagination` refers to the shared paging. */
export interface Tool {
  name: string;
  kind: ToolKind;
  title: string;
  description: string;
  annotations: Annotations;
  access: 'read' | 'write';
  /** A write a member makes about themself only (`self_attestation: true`); absent otherwise. */
  selfAttestation?: true;
  organizationScoped: boolean;
  /** Shared types the spec references directly, sorted. */
  uses: readonly string[];
  input: readonly Field[];
  output: { kind: 'object'; fields: readonly Field[] } | { kind: 'ref'; name: string; target: 'object' };
  /** List tools: their items and order; the shared paging fields are the model's `paging`. */
  pagination?: ToolPaging;
  /** Valid inputs (at least one), in spec order. */
  examples: readonly Example[];
  invalidExamples: readonly InvalidExample[];
  source: string;
}

/** The tools of a register that follow the plain pattern (`listRisks`, `getRisk`, `addRisk`, `updateRisk`). */
export interface RegisterTools {
  list: string;
  get: string;
  add: string;
  update: string;
}

/** One entry of the register catalog (`specs/registers.yaml`). */
export interface Register {
  /** `nonconformities`: the catalog key, the list output key, the console's register name. */
  plural: string;
  /** `nonconformity`: the record kind (audit record_type, `<singular>_id` fields). */
  singular: string;
  idPrefix: string;
  table: string;
  /** The record type its get tool returns (`Nonconformity`). */
  record: string;
  /** Record fields that name a record, joined by a space (`reference title`). */
  titleFields: readonly string[];
  tools: RegisterTools;
  /** Every tool of the register (its toolset), in catalog order. */
  toolNames: readonly string[];
  /** Tools that keep a hand-written handler; every other tool of the register is served generically. */
  customHandlers: readonly string[];
  /** Registers its records link to through `<singular>_id` / `<singular>_ids` fields. */
  links: readonly string[];
  /** Records can be archived and restored; the record has `archived_at`, the list an `archived` filter. */
  archive: boolean;
  console: {
    navigation: number;
    /** The console page: `/registers/<plural>` unless the register has a page of its own. */
    path: string;
    columns: readonly string[];
    /** Columns the console computes from other fields, with what they show. */
    derivedColumns: Readonly<Record<string, string>>;
  };
  source: string;
}

/** Everything the emitters need; all lists sorted by name. */
export interface Model {
  tools: readonly Tool[];
  enums: readonly EnumDef[];
  /** Shared object types, ordered so that every type comes after the types it references. */
  objects: readonly ObjectDef[];
  errors: readonly ErrorDef[];
  /** OpenAPI of the endpoints that are not tools, merged from `specs/openapi/*.yaml`. */
  http: {
    tags: readonly { name: string; description: string }[];
    paths: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    parameters: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    schemas: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
    sources: readonly string[];
  };
  /** Spec files that declare shared types, enums or errors (relative, posix). */
  typeSources: readonly string[];
  /** The paging shape list tools refer to (absent in spec sets without list tools). */
  paging?: Paging;
  /** The register catalog, in catalog order (empty without `specs/registers.yaml`). */
  registers: readonly Register[];
}
