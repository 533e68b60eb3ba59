/**
 * One entry of the register catalog (specs/registers/*.yaml), as generated into registers.gen.ts.
 * No zod here: storage, the server and the web console all read the catalog through this shape.
 */
export interface RegisterDefinition {
  /** `nonconformities`: the register's name, its list output key and its console path segment. */
  readonly plural: string;
  /** `nonconformity`: the record kind (audit `record_type`, `<singular>_id` fields). */
  readonly singular: string;
  /** The id prefix of its records (`nc` → `nc_01J…`). */
  readonly idPrefix: string;
  /** Its table in storage. */
  readonly table: string;
  /** The record type its get tool returns. */
  readonly record: string;
  /** Record fields that name a record, joined by a space. */
  readonly titleFields: readonly string[];
  /** Its plain tools, served by the generic register handler unless listed in `customHandlers`. */
  readonly tools: {
    readonly list: string;
    readonly get: string;
    readonly add: string;
    readonly update: string;
  };
  /** Every tool of the register (its MCP toolset). */
  readonly toolNames: readonly string[];
  /** Tools that keep a hand-written handler file. */
  readonly customHandlers: readonly string[];
  /** Registers its records link to (`<singular>_id` / `<singular>_ids` fields). */
  readonly links: readonly string[];
  /** Whether its records can be archived and restored (`archived_at`, the list's `archived` filter). */
  readonly archive: boolean;
  readonly console: {
    /** Position in the console's navigation, from 1. */
    readonly navigation: number;
    /** The console page of the register. */
    readonly path: string;
    /** The columns of its table in the console, the first one linking to the record. */
    readonly columns: readonly string[];
    /** Columns the console computes from other fields, with what they show. */
    readonly derivedColumns: { readonly [column: string]: string };
  };
}
