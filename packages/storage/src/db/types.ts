import type { ColumnType, GeneratedAlways, Kysely, Transaction } from 'kysely';
import type { SchemaTables } from './types.gen.js';

/** A `date` column: read and written as `YYYY-MM-DD`. */
export type DateColumn = string;
/** A `timestamptz` column: read as Date, written as an ISO string. */
export type Timestamp = ColumnType<Date, string, string>;
/** A `jsonb` column. */
export type Json<T> = ColumnType<T, string, string>;

/**
 * What information_schema cannot say: the shapes of jsonb columns, and generated columns computed
 * from NOT NULL columns (reported as nullable). Every other column type is generated from the
 * migrated schema (types.gen.ts, `npm run generate`).
 */
interface Refinements {
  api_tokens: { recent_tools: ColumnType<{ tool: string; at: string }[], string | undefined, string> };
  oauth_records: { payload: Json<Record<string, unknown>> };
  framework_controls: { parameters: ColumnType<unknown[], string | undefined, string> };
  risks: { inherent_score: GeneratedAlways<number>; residual_score: GeneratedAlways<number> };
  /** An approved Statement of Applicability's snapshot; written once, never updated. */
  soa_versions: { snapshot: ColumnType<unknown, string, never> };
}

/** Every table, for Kysely: the generated row types refined as above. */
export type Database = {
  [T in keyof SchemaTables]: T extends keyof Refinements
    ? Omit<SchemaTables[T], keyof Refinements[T]> & Refinements[T]
    : SchemaTables[T];
};

/** A database handle or an open transaction: repositories accept either. */
export type Db = Kysely<Database> | Transaction<Database>;
