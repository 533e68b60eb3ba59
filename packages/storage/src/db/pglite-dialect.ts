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
} from 'kysely';
import { Mutex } from './mutex.js';

class PGliteConnection implements DatabaseConnection {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.#pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const command = (result as { command?: string }).command;
    const counts =
      command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE';
    return {
      rows: result.rows,
      numAffectedRows: counts ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  // biome-ignore lint/correctness/useYield: streaming is not supported on the embedded driver.
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming is not supported by the PGlite driver');
  }
}

/**
 * PGlite has one connection. The mutex is held from acquireConnection to releaseConnection, so a
 * transaction's statements are never interleaved with another caller's.
 */
class PGliteDriver implements Driver {
  readonly #pglite: PGlite;
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  readonly #releases = new WeakMap<DatabaseConnection, () => void>();

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.#pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.#mutex.acquire();
    // The engine runs each statement synchronously, and a release resolves the next holder in the
    // same microtask chain: without this turn of the event loop, a queue of callers would run back
    // to back while no socket is read or written and no timer fires (seconds, at 32 callers).
    await new Promise<void>((resolve) => setImmediate(resolve));
    // One connection object shared by successive holders; the mutex makes that safe.
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

/** A Kysely dialect over an embedded PGlite instance. */
export class PGliteDialect implements Dialect {
  readonly #pglite: PGlite;

  constructor(pglite: PGlite) {
    this.#pglite = pglite;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PGliteDriver(this.#pglite);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Dialect's own signature.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}
