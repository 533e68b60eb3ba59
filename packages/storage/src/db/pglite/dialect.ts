import type { PGlite } from '@electric-sql/pglite';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryCompiler,
  type QueryResult,
  SelectQueryNode,
} from 'kysely';
import { callRank, RankedLock } from './call-order.js';
import { DevBlobStatement } from './dev-blob.js';
import {
  deallocateAll,
  executePrepared,
  jsonRowsSql,
  type PreparedStatement,
  prepareStatement,
} from './prepared.js';

/** PostgreSQL type ids whose PGlite value is a Date (timestamp with and without time zone). */
const TIMESTAMP_TYPES = new Set([1114, 1184]);
/** How many selects are remembered (and prepared) before the memory starts afresh. */
const REMEMBERED_STATEMENTS = 1000;
/** Commands after which remembered columns may be wrong: a table's columns may have changed. */
const SCHEMA_CHANGE = /^(ALTER|CREATE|DROP)\b/;

/** A select seen before: its timestamp columns, and once it runs again, its prepared statement. */
interface Seen {
  timestamps: string[];
  statement?: PreparedStatement;
}

/**
 * A select whose rows may travel as one JSON text each: a SELECT whose CTEs are all selects (a
 * data-modifying CTE must stay at the top level of its statement).
 */
function wrappable(compiled: CompiledQuery): boolean {
  const node = compiled.query;
  if (!SelectQueryNode.is(node)) return false;
  return (node.with?.expressions ?? []).every((cte) => SelectQueryNode.is(cte.expression));
}

/** A timestamp as PGlite's own parser gives it, from its JSON text. */
function toDate(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value === 'infinity') return Number.POSITIVE_INFINITY;
  if (value === '-infinity') return Number.NEGATIVE_INFINITY;
  return new Date(value);
}

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;
  readonly #rowsAsJson: boolean;
  /** Each select seen, by SQL text: the columns `rowsAsJson` restores, and its statement. */
  readonly #seen = new Map<string, Seen>();
  #statements = 0;

  constructor(pglite: PGlite, rowsAsJson: boolean) {
    this.#pglite = pglite;
    this.#rowsAsJson = rowsAsJson;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement: unknown = compiled.sql;
    if (statement instanceof DevBlobStatement) return (await this.#devBlob(statement)) as QueryResult<R>;
    const remembers = this.#rowsAsJson && wrappable(compiled);
    const seen = remembers ? this.#seen.get(compiled.sql) : undefined;
    if (seen) return { rows: await this.#jsonRows<R>(compiled, seen) };
    const result = await this.#pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const command = (result as { command?: string }).command ?? '';
    if (remembers && command === 'SELECT') {
      if (this.#seen.size >= REMEMBERED_STATEMENTS) await this.#forget();
      const timestamps = result.fields.filter((field) => TIMESTAMP_TYPES.has(field.dataTypeID));
      this.#seen.set(compiled.sql, { timestamps: timestamps.map((field) => field.name) });
    } else if (SCHEMA_CHANGE.test(command) && this.#seen.size > 0) {
      await this.#forget();
    }
    const counts =
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      rows: result.rows,
      numAffectedRows: counts ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  /**
   * Runs a select seen before as a prepared statement with each row as one JSON text, and
   * restores the values PGlite's parsers would have given (timestamps as Dates; the other types
   * the schema uses read the same from JSON). PGlite decodes a result field by field in
   * JavaScript, so a 51-row page of 21 columns cost about twice as much as the same page as 51
   * JSON texts; and its `query` parses, describes and plans the text every time
   * (docs/performance.md).
   */
  async #jsonRows<R>(compiled: CompiledQuery, seen: Seen): Promise<R[]> {
    seen.statement ??= await prepareStatement(
      this.#pglite,
      `comply_${++this.#statements}`,
      jsonRowsSql(compiled.sql),
    );
    const result = await executePrepared<{ row: string }>(this.#pglite, seen.statement, compiled.parameters);
    return result.rows.map(({ row }) => {
      const value = JSON.parse(row) as Record<string, unknown>;
      for (const name of seen.timestamps) value[name] = toDate(value[name]);
      return value as R;
    });
  }

  /**
   * Runs a statement with PGlite's `/dev/blob` (./dev-blob.ts); its one row holds what the
   * statement wrote to the device.
   */
  async #devBlob(statement: DevBlobStatement): Promise<QueryResult<{ blob: Blob | null }>> {
    try {
      const result = await this.#pglite.query(
        statement.text,
        [],
        statement.blob ? { blob: statement.blob } : {},
      );
      return { rows: [{ blob: result.blob ?? null }], numAffectedRows: BigInt(result.affectedRows ?? 0) };
    } catch (error) {
      // PGlite clears a statement's blob, and takes what it wrote, only when the statement
      // succeeds: after a failure the next COPY TO '/dev/blob' would answer this one's partial
      // output ahead of its own, and the blob read would stay held.
      await this.#pglite.runExclusive(async () => {
        await this.#pglite._cleanupBlob();
        await this.#pglite._getWrittenBlob();
      });
      throw error;
    }
  }

  /** Forgets every select seen and its statement: when the memory is full, or a table changed. */
  async #forget(): Promise<void> {
    this.#seen.clear();
    await deallocateAll(this.#pglite);
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported on the embedded driver.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the PGlite driver');
  }
}

/**
 * PGlite has one connection. The lock is held from acquireConnection to releaseConnection, so a
 * transaction's statements are never interleaved with another caller's. Waiters are served
 * oldest call first (./call-order.ts).
 */
class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #lock = new RankedLock();
  readonly #connection: PGliteConnection;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(pglite: PGlite, options: PGliteDialectOptions) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite, options.rowsAsJson ?? true);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#lock.acquire(callRank());
    // One connection object shared by successive holders; the lock makes that safe.
    this.#releases.set(this.#connection, release);
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await this.#pglite.exec('begin');
    void connection;
  }

  async commitTransaction(): Promise<void> {
    await this.#pglite.exec('commit');
  }

  async rollbackTransaction(): Promise<void> {
    await this.#pglite.exec('rollback');
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const release = this.#releases.get(connection);
    this.#releases.delete(connection);
    release?.();
  }

  async destroy(): Promise<void> {
    await this.#pglite.close();
  }
}

export interface PGliteDialectOptions {
  /**
   * A select seen before returns each row as one JSON text (default true). False reads every
   * result field by field, as PGlite does by itself; the tests compare the two.
   */
  rowsAsJson?: boolean;
}

/** A Kysely dialect over an embedded PGlite instance. */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;
  readonly #options: PGliteDialectOptions;

  constructor(pglite: PGlite, options: PGliteDialectOptions = {}) {
    this.#pglite = pglite;
    this.#options = options;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite, this.#options);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Dialect's own signature.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
