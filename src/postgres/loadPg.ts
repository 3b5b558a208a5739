// `pg` is an optional peer dependency: loaded on first use, with a clear error when it is missing.
import { ConfigurationError } from '../errors.js';
import type { PgPool } from './pgTypes.js';

/** How `pg` is imported; replaced in tests. */
export type PgImporter = () => Promise<unknown>;

const importPg: PgImporter = () => import('pg');

/**
 * A new `pg.Pool` for `connectionString`; a missing `pg` is a `ConfigurationError` that says how to install it.
 * @example
 * const pool = await createPgPool('postgres://localhost/app');
 */
export async function createPgPool(connectionString: string, importer: PgImporter = importPg): Promise<PgPool> {
  let loaded: unknown;
  try {
    loaded = await importer();
  } catch (error) {
    if (!isModuleNotFound(error)) throw error;
    throw new ConfigurationError('PostgresSessionStore needs the `pg` package, which is not installed: run `npm install pg`.');
  }
  const pg = loaded as { default?: { Pool: PgPoolClass }; Pool?: PgPoolClass };
  const Pool = pg.Pool ?? pg.default?.Pool;
  if (Pool === undefined) throw new ConfigurationError('The installed `pg` package has no `Pool`; install a current version: `npm install pg`.');
  const pool = new Pool({ connectionString });
  // An idle connection that the server ends is dropped by the pool; without a listener that would crash the process.
  pool.on('error', () => undefined);
  return pool;
}

type PgPoolClass = new (config: { connectionString: string }) => PgPool;

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}
