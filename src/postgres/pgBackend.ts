// The record backend on PostgreSQL. A session is a row (its length, locked FOR UPDATE by each
// write) and its records, one row each, in order. Every channel holds one connection for its
// life: a lease's connection is its proof of life, since a holder is gone once its backend is
// (the server ends a backend whose client process died, and with it the lease).
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import { isProcessGone, isThisProcess, processHolder } from '../session/processHolder.js';
import type { RecordBackend, RecordChannel, RecordUpdate } from '../session/recordBackend.js';
import { recordProblem, type Holder, type SessionRecord } from '../session/sessionRecord.js';
import type { RecordedOwner } from '../session/sessionView.js';
import { TABLES, migrate } from './migrations.js';
import type { PgClient, PgPool } from './pgTypes.js';
import { describeError } from '../describeError.js';

const UNDEFINED_TABLE = '42P01';

/**
 * A RecordBackend on the pool `getPool` resolves to; tables are created on the first write.
 * @example
 * import type { PgPool } from './pgTypes.js';
 * declare const pool: PgPool; // a pg Pool
 * const backend = pgBackend(async () => pool);
 */
export function pgBackend(getPool: () => Promise<PgPool>): RecordBackend {
  let migrated: Promise<void> | undefined;
  const ensureTables = (client: PgClient) => {
    migrated ??= migrate(client).catch((error: unknown) => {
      migrated = undefined;
      throw error;
    });
    return migrated;
  };
  return {
    async read(sessionId) {
      const pool = await getPool();
      try {
        const { rows } = await io(sessionId, 'read', () =>
          pool.query(`SELECT position, record FROM ${TABLES.records} WHERE session_id = $1 ORDER BY position`, [sessionId]),
        );
        return rows.map((row) => decode(sessionId, row));
      } catch (error) {
        // Nothing was ever written here: a reader does not create the tables.
        if (codeOf(error instanceof SessionError ? error.cause : error) === UNDEFINED_TABLE) return [];
        throw error;
      }
    },
    async open(sessionId) {
      const pool = await getPool();
      const client = await io(sessionId, 'connect for', () => pool.connect());
      try {
        await io(sessionId, 'prepare', () => ensureTables(client));
        const { rows } = await io(sessionId, 'prepare', () =>
          client.query('SELECT pid, extract(epoch from backend_start)::text AS started FROM pg_stat_activity WHERE pid = pg_backend_pid()'),
        );
        const holder: Holder = { ...processHolder(), backendPid: Number(rows[0]?.pid), backendStart: String(rows[0]?.started) };
        return new PgChannel(sessionId, client, holder);
      } catch (error) {
        client.release(true);
        throw error;
      }
    },
  };
}

class PgChannel implements RecordChannel {
  readonly holder: Holder;
  readonly #sessionId: string;
  readonly #client: PgClient;
  #broken: unknown;
  #closed = false;
  // The session's records as of this channel's last committed update.
  #records: SessionRecord[] = [];
  // The server ended the connection (or the network did): the channel, and the lease on it, are over.
  readonly #onError = (error: Error) => this.#lose(error);

  constructor(sessionId: string, client: PgClient, holder: Holder) {
    this.#sessionId = sessionId;
    this.#client = client;
    this.holder = holder;
    client.on('error', this.#onError);
  }

  async update<T>(update: RecordUpdate<T>): Promise<T> {
    if (this.#closed) throw new Error('this session channel is closed');
    if (this.#broken !== undefined) throw brokenChannel(this.#sessionId, this.#broken);
    const client = this.#client;
    const id = this.#sessionId;
    try {
      // Read committed whatever the pool's default: the row lock orders the writers, and each
      // statement after it sees what the one before committed.
      await client.query('BEGIN ISOLATION LEVEL READ COMMITTED');
      await client.query(`INSERT INTO ${TABLES.sessions} (session_id) VALUES ($1) ON CONFLICT DO NOTHING`, [id]);
      const { rows: head } = await client.query(`SELECT length FROM ${TABLES.sessions} WHERE session_id = $1 FOR UPDATE`, [id]);
      const length = Number(head[0]?.length ?? 0);
      // Records never change once written: read only those added since this channel's last update.
      const known = this.#records.length <= length ? this.#records : [];
      const { rows } = await client.query(`SELECT position, record FROM ${TABLES.records} WHERE session_id = $1 AND position >= $2 ORDER BY position`, [id, known.length]);
      const records = known.concat(rows.map((row) => decode(id, row)));
      const { append, result } = await update(records);
      if (append.length > 0) {
        const values = append.flatMap((record, index) => [id, length + index, JSON.stringify(record)]);
        const placeholders = append.map((_, index) => `($${index * 3 + 1}, $${index * 3 + 2}, $${index * 3 + 3})`).join(', ');
        await client.query(`INSERT INTO ${TABLES.records} (session_id, position, record) VALUES ${placeholders}`, values);
        await client.query(`UPDATE ${TABLES.sessions} SET length = $2 WHERE session_id = $1`, [id, length + append.length]);
      }
      await client.query('COMMIT');
      this.#records = records.concat(append);
      return result;
    } catch (error) {
      this.#records = [];
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        this.#lose(rollbackError);
      }
      if (error instanceof SessionError) throw error;
      throw wrap(id, 'write', error);
    }
  }

  // Gone: a lease of this process that ended, or one whose server backend no longer exists
  // (the server ends a backend whose client died). The backend decides even on the same host:
  // a pid of another container with the same host name proves nothing.
  async isGone(owner: RecordedOwner): Promise<boolean> {
    if (isThisProcess(owner.holder) && isProcessGone(owner.holder, owner.leaseId) === true) return true;
    const { backendPid, backendStart } = owner.holder;
    if (typeof backendPid !== 'number') return isProcessGone(owner.holder, owner.leaseId) === true;
    const { rows } = await this.#client.query('SELECT extract(epoch from backend_start)::text AS started FROM pg_stat_activity WHERE pid = $1', [backendPid]);
    if (rows.length === 0) return true;
    const started = rows[0]?.started;
    // Hidden from this role (null): alive as far as we can tell. Another start: the pid was reused.
    return started !== null && started !== undefined && String(started) !== String(backendStart);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#client.off('error', this.#onError);
    if (this.#broken === undefined) this.#client.release();
  }

  // The connection is gone: so is this channel, and the lease on it, for good. The client is
  // destroyed at once, so that a pool's end() does not wait for a lease that can never write.
  #lose(cause: unknown): void {
    if (this.#broken !== undefined) return;
    this.#broken = cause;
    if (!this.#closed) this.#client.release(true);
  }
}

function decode(sessionId: string, row: Record<string, unknown>): SessionRecord {
  let value: unknown;
  try {
    value = JSON.parse(String(row.record));
  } catch {
    throw corrupt(sessionId, row.position, 'not valid JSON');
  }
  const problem = recordProblem(value);
  if (problem !== undefined) throw corrupt(sessionId, row.position, problem);
  return value as SessionRecord;
}

function corrupt(sessionId: string, position: unknown, problem: string): SessionError {
  return new SessionError(SessionErrorCode.corrupt, `Session "${sessionId}" is corrupt at record ${String(position)}: ${problem}`, {
    details: { sessionId },
  });
}

function brokenChannel(sessionId: string, cause: unknown): SessionError {
  return new SessionError(
    SessionErrorCode.io,
    `The database connection of this lease on session "${sessionId}" was lost; the lease can no longer write (resume the Run to continue).`,
    { cause, details: { sessionId } },
  );
}

async function io<T>(sessionId: string, action: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof SessionError) throw error;
    throw wrap(sessionId, action, error);
  }
}

function wrap(sessionId: string, action: string, error: unknown): SessionError {
  const reason = describeError(error);
  return new SessionError(SessionErrorCode.io, `Could not ${action} session "${sessionId}" in PostgreSQL: ${reason}`, {
    cause: error,
    details: { sessionId },
  });
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}
