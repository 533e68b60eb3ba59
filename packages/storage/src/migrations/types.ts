import type { Transaction } from 'kysely';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/types.js';

/** One versioned schema change; runs inside the migration transaction. */
export interface Migration {
  version: number;
  name: string;
  up: (trx: Transaction<Database>) => Promise<void>;
}

/** `('A', 'B', …)` for CHECK (col IN …) constraints, built from literals, not concatenation. */
export function oneOf(values: readonly string[]): RawBuilder<unknown> {
  return sql`(${sql.join(values.map((value) => sql.lit(value)))})`;
}

/** Runs statements one by one (PGlite's extended protocol takes one statement per call). */
export async function run(trx: Transaction<Database>, statements: RawBuilder<unknown>[]): Promise<void> {
  for (const statement of statements) await statement.execute(trx);
}
