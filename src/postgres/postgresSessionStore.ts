// A durable SessionStore on PostgreSQL (entry `tinyagent/postgres`), on the `pg` package.
import { ConfigurationError } from '../errors.js';
import { LeasedSessions, resolveDurableOptions, type DurableStoreOptions } from '../session/leasedSessions.js';
import { createPgPool } from './loadPg.js';
import { pgBackend } from './pgBackend.js';
import type { PgPool } from './pgTypes.js';

/** Options of `PostgresSessionStore`: a `pool` of yours, or a `connectionString` for one of its own. */
export type PostgresSessionStoreOptions = DurableStoreOptions & ({ pool: PgPool; connectionString?: never } | { connectionString: string; pool?: never });

/**
 * Keeps sessions in PostgreSQL: tables `tinyagent_sessions` and `tinyagent_session_records`,
 * created on the first write by a versioned migration (`tinyagent_migrations`). Every write is
 * one transaction that locks the session's row; a Run's lease holds one pool connection for
 * the Run's life (size the pool for the Runs you run at once), and its holder is gone once that
 * connection's server process is. Needs `pg` (`npm install pg`).
 * @example
 * const store = new PostgresSessionStore({ connectionString: process.env.DATABASE_URL! });
 * await store.append('demo', [{ role: 'user', content: 'hi' }]);
 * await store.load('demo'); // [{ role: 'user', content: 'hi' }]
 * await store.close();
 */
export class PostgresSessionStore extends LeasedSessions {
  readonly #pool: LazyPool;

  constructor(options: PostgresSessionStoreOptions) {
    const { pool, connectionString } = (options ?? {}) as { pool?: PgPool; connectionString?: unknown };
    if (pool === undefined && (typeof connectionString !== 'string' || connectionString === '')) {
      throw new ConfigurationError('PostgresSessionStore needs a `pool` (a pg.Pool) or a `connectionString`');
    }
    if (pool !== undefined && (typeof pool.connect !== 'function' || typeof pool.query !== 'function')) {
      throw new ConfigurationError('PostgresSessionStore `pool` must be a pg.Pool (with connect() and query())');
    }
    const resolved = resolveDurableOptions('PostgresSessionStore', options);
    const lazy = lazyPool(pool, connectionString as string);
    super(pgBackend(lazy.get), resolved);
    this.#pool = lazy;
  }

  /** Ends the pool the store created from `connectionString` (a pool you passed stays yours to end). */
  close(): Promise<void> {
    return this.#pool.end();
  }
}

interface LazyPool {
  get(): Promise<PgPool>;
  end(): Promise<void>;
}

// The pool given, or one created from the connection string on first use (loading `pg` then).
function lazyPool(given: PgPool | undefined, connectionString: string): LazyPool {
  if (given !== undefined) return { get: async () => given, end: async () => undefined };
  let created: Promise<PgPool> | undefined;
  return {
    get: () => (created ??= createPgPool(connectionString)),
    async end() {
      const pool = created;
      created = undefined;
      if (pool !== undefined) await (await pool).end();
    },
  };
}
