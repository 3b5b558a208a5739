// The store's tables, created on first use by numbered migrations: each runs once, in order, in
// one transaction, under an advisory lock so that two processes starting at once do not race.
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import type { PgClient } from './pgTypes.js';

/** The tables' names. */
export const TABLES = {
  migrations: 'tinyagent_migrations',
  sessions: 'tinyagent_sessions',
  records: 'tinyagent_session_records',
} as const;

// Migration n is MIGRATIONS[n - 1]; append new ones, never edit a released one.
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE ${TABLES.sessions} (
     session_id text PRIMARY KEY,
     length integer NOT NULL DEFAULT 0
   );
   CREATE TABLE ${TABLES.records} (
     session_id text NOT NULL REFERENCES ${TABLES.sessions} (session_id) ON DELETE CASCADE,
     position integer NOT NULL,
     record text NOT NULL,
     PRIMARY KEY (session_id, position)
   );`,
];

/** The schema version this code creates and reads. */
export const SCHEMA_VERSION = MIGRATIONS.length;

// Any constant: it names the lock every tinyagent process takes to migrate.
const MIGRATION_LOCK = 7_361_905_112;

/**
 * Brings the schema to SCHEMA_VERSION; refuses a database migrated by a newer tinyagent.
 * @example
 * import type { PgPool } from './pgTypes.js';
 * declare const pool: PgPool; // a pg Pool
 * const client = await pool.connect();
 * try {
 *   await migrate(client);
 * } finally {
 *   client.release();
 * }
 */
export async function migrate(client: PgClient): Promise<void> {
  await client.query('BEGIN');
  try {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query(`CREATE TABLE IF NOT EXISTS ${TABLES.migrations} (version integer PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
    const { rows } = await client.query(`SELECT coalesce(max(version), 0) AS version FROM ${TABLES.migrations}`);
    const current = Number(rows[0]?.version ?? 0);
    if (current > SCHEMA_VERSION) {
      throw new SessionError(
        SessionErrorCode.unsupportedVersion,
        `The database's tinyagent tables are at schema version ${current}; this tinyagent knows versions up to ${SCHEMA_VERSION}. Upgrade tinyagent.`,
      );
    }
    for (let version = current + 1; version <= SCHEMA_VERSION; version++) {
      await client.query(MIGRATIONS[version - 1]!);
      await client.query(`INSERT INTO ${TABLES.migrations} (version) VALUES ($1)`, [version]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}
