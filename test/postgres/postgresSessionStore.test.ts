// What PostgresSessionStore adds to the contract: tables made on the first write by a versioned
// migration (a reader creates nothing), a lease whose connection the server ended is provably
// gone, a newer schema is refused, and clear errors for bad options and a missing `pg`.
import pg from 'pg';
import { expect, it } from 'vitest';
import { PostgresSessionStore } from '../../src/postgres/index.js';
import { createPgPool } from '../../src/postgres/loadPg.js';
import { describePg, withClient } from './pgTestKit.js';

const tables = (url: string) =>
  withClient(url, async (client) => (await client.query("SELECT tablename FROM pg_tables WHERE tablename LIKE 'tinyagent_%' ORDER BY 1")).rows.map((row) => row.tablename as string));

describePg('PostgresSessionStore on a server', (databaseUrl) => {
  it('creates nothing on a read; its tables on the first write, by migration 1, once', async () => {
    const store = new PostgresSessionStore({ connectionString: databaseUrl() });
    try {
      expect(await store.load('s')).toEqual([]);
      expect(await store.loadRunState('s')).toBeUndefined();
      expect(await tables(databaseUrl())).toEqual([]);

      await store.append('s', [{ role: 'user', content: 'hi' }]);
      expect(await tables(databaseUrl())).toEqual(['tinyagent_migrations', 'tinyagent_session_records', 'tinyagent_sessions']);
      const other = new PostgresSessionStore({ connectionString: databaseUrl() });
      await other.append('s', [{ role: 'assistant', content: 'hello' }]);
      await other.close();
      const versions = await withClient(databaseUrl(), async (client) => (await client.query('SELECT version FROM tinyagent_migrations')).rows);
      expect(versions).toEqual([{ version: 1 }]);
      expect(await store.load('s')).toEqual([
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ]);
    } finally {
      await store.close();
    }
  });

  it("takes over at once from a lease whose connection the server ended, repairs its calls, and refuses that lease's writes", async () => {
    const store = new PostgresSessionStore({ connectionString: databaseUrl(), onRepair: () => undefined });
    try {
      const old = await store.acquire('gone', { runId: 'run-1' });
      await old.append([
        { role: 'user', content: 'go' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'ls', arguments: '{}' }] },
      ]);
      // What a killed process leaves: the server ends its backend. Its holder record names that backend.
      await withClient(databaseUrl(), (client) =>
        client.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND state = 'idle'"),
      );
      const next = await store.acquire('gone', { runId: 'run-2', lockTimeoutMs: 0 });
      expect(next.repaired).toEqual([expect.objectContaining({ toolCallId: 'c1', code: 'interrupted' })]);
      await expect(old.append([{ role: 'assistant', content: 'late' }])).rejects.toMatchObject({ code: 'session_io' });
      await next.finish('completed');
      expect((await store.load('gone')).map((message) => message.content)).not.toContain('late');
    } finally {
      await store.close();
    }
  });

  it('makes a plain append wait for a live lease, then refuses it with session_locked; nothing is written', async () => {
    const store = new PostgresSessionStore({ connectionString: databaseUrl(), lockTimeoutMs: 30 });
    try {
      const lease = await store.acquire('owned', { runId: 'run-1' });
      await expect(store.append('owned', [{ role: 'user', content: 'sneaking in' }])).rejects.toMatchObject({ code: 'session_locked' });
      expect(await store.load('owned')).toEqual([]);
      await lease.finish('completed');
      await store.append('owned', [{ role: 'user', content: 'after the Run' }]);
      expect(await store.load('owned')).toEqual([{ role: 'user', content: 'after the Run' }]);
    } finally {
      await store.close();
    }
  });

  it('works on a pool of yours, and leaves it open: each live lease holds one of its connections', async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl(), max: 3 });
    try {
      const store = new PostgresSessionStore({ pool });
      const lease = await store.acquire('pooled', { runId: 'run-1' });
      expect(pool.totalCount - pool.idleCount).toBe(1);
      await lease.append([{ role: 'user', content: 'hi' }]);
      await lease.finish('completed');
      expect(pool.totalCount - pool.idleCount).toBe(0);
      await store.close();
      expect(await store.load('pooled')).toEqual([{ role: 'user', content: 'hi' }]); // the pool is still open
    } finally {
      await pool.end();
    }
  });

  it('refuses a database migrated by a newer tinyagent', async () => {
    await withClient(databaseUrl(), (client) => client.query('INSERT INTO tinyagent_migrations (version) VALUES (99)'));
    const store = new PostgresSessionStore({ connectionString: databaseUrl() });
    try {
      await expect(store.append('x', [{ role: 'user', content: 'hi' }])).rejects.toMatchObject({
        code: 'session_unsupported_version',
        message: expect.stringContaining('schema version 99') as unknown,
      });
    } finally {
      await store.close();
      await withClient(databaseUrl(), (client) => client.query('DELETE FROM tinyagent_migrations WHERE version = 99'));
    }
  });
});

it('PostgresSessionStore needs a pool or a connection string', () => {
  expect(() => new PostgresSessionStore({} as never)).toThrow(/`pool` \(a pg.Pool\) or a `connectionString`/);
  expect(() => new PostgresSessionStore({ pool: {} } as never)).toThrow(/must be a pg.Pool/);
  expect(() => new PostgresSessionStore({ connectionString: 'postgres://x', lockTimeoutMs: -1 })).toThrow(/lockTimeoutMs/);
});

it('a missing `pg` is a ConfigurationError that says `npm install pg`', async () => {
  const missing = () => Promise.reject(Object.assign(new Error("Cannot find package 'pg'"), { code: 'ERR_MODULE_NOT_FOUND' }));
  await expect(createPgPool('postgres://127.0.0.1/x', missing)).rejects.toMatchObject({
    name: 'ConfigurationError',
    code: 'invalid_option',
    message: expect.stringContaining('npm install pg') as unknown,
  });
});
