import type { CompiledQuery } from 'kysely';
import type { Db } from '../types.js';

/**
 * A statement that reads or writes PGlite's `/dev/blob` device: `COPY … FROM '/dev/blob'` reads
 * `blob`, `COPY … TO '/dev/blob'` answers the bytes it wrote. PGlite takes the blob as an option
 * of one query, not as a parameter, so the statement travels through Kysely as the compiled
 * query's `sql` (the way copy-chunk.ts passes a pg submittable) and the dialect's connection
 * recognizes it (dialect.ts): it runs on the caller's connection, in its transaction and under the
 * same call-order lock as any other statement.
 */
export class DevBlobStatement {
  constructor(
    readonly text: string,
    readonly blob?: Blob,
  ) {}
}

/**
 * Runs a `/dev/blob` statement on PGlite and answers what it wrote to the device (null when it
 * wrote nothing). The text takes no parameters: callers check every value they put in it.
 */
export async function runDevBlob(args: { db: Db; text: string; blob?: Blob }): Promise<Blob | null> {
  const { db, text, blob } = args;
  const compiled = {
    sql: new DevBlobStatement(text, blob) as unknown as string,
    parameters: [],
    query: { kind: 'RawNode', sqlFragments: [text], parameters: [] },
    queryId: { queryId: 'dev-blob' },
  } as unknown as CompiledQuery<{ blob: Blob | null }>;
  const result = await db.executeQuery(compiled);
  return result.rows[0]?.blob ?? null;
}
