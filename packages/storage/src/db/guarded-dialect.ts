import type {
  CompiledQuery,
  DatabaseConnection,
  DatabaseIntrospector,
  Dialect,
  DialectAdapter,
  Driver,
  Kysely,
  QueryCompiler,
  QueryResult,
  TransactionSettings,
} from 'kysely';
import { mapDbError } from './map-error.js';

async function guard<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw mapDbError(error);
  }
}

class GuardedConnection implements DatabaseConnection {
  constructor(readonly inner: DatabaseConnection) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return guard(() => this.inner.executeQuery<R>(compiled));
  }

  streamQuery<R>(compiled: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiled, chunkSize);
  }
}

const unwrap = (connection: DatabaseConnection): DatabaseConnection =>
  connection instanceof GuardedConnection ? connection.inner : connection;

/** Maps every driver error to a StorageError at one place: the connection. */
class GuardedDriver implements Driver {
  readonly #wrapped = new WeakMap<DatabaseConnection, GuardedConnection>();

  constructor(readonly inner: Driver) {}

  init(): Promise<void> {
    return guard(() => this.inner.init());
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await guard(() => this.inner.acquireConnection());
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = new GuardedConnection(connection);
      this.#wrapped.set(connection, wrapped);
    }
    return wrapped;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return guard(() => this.inner.beginTransaction(unwrap(connection), settings));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return guard(() => this.inner.commitTransaction(unwrap(connection)));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return guard(() => this.inner.rollbackTransaction(unwrap(connection)));
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

/** Wraps a dialect so that its errors reach callers as StorageErrors. */
export class GuardedDialect implements Dialect {
  constructor(readonly inner: Dialect) {}

  createAdapter(): DialectAdapter {
    return this.inner.createAdapter();
  }

  createDriver(): Driver {
    return new GuardedDriver(this.inner.createDriver());
  }

  createQueryCompiler(): QueryCompiler {
    return this.inner.createQueryCompiler();
  }

  // biome-ignore lint/suspicious/noExplicitAny: Dialect's own signature.
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return this.inner.createIntrospector(db);
  }
}
