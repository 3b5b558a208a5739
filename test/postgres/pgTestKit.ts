// PostgreSQL for tests: TINYAGENT_PG_URL names a server (scripts/withPostgres.sh starts a
// throwaway one and sets it). Without it, the tests fail when CI=true and are skipped, saying
// why, otherwise. Each test file gets a database of its own, dropped afterwards.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';

const serverUrl = process.env.TINYAGENT_PG_URL;

/** `describe`, given a fresh database's URL; skipped (locally) or failing (CI) without a server. */
export function describePg(name: string, body: (databaseUrl: () => string) => void): void {
  if (serverUrl === undefined || serverUrl === '') {
    if (process.env.CI === 'true') {
      describe(name, () => {
        it('needs a PostgreSQL server', () => {
          throw new Error('CI=true but TINYAGENT_PG_URL is not set: run the tests under scripts/withPostgres.sh (.ci/run does).');
        });
      });
      return;
    }
    console.warn(`Skipping "${name}": TINYAGENT_PG_URL is not set. \`npm run test:pg\` runs these against a throwaway PostgreSQL server.`);
    describe.skip(name, () => body(() => ''));
    return;
  }
  describe(name, () => {
    let databaseUrl: string | undefined;
    const database = `tinyagent_test_${randomUUID().replaceAll('-', '')}`;
    beforeAll(async () => {
      await admin((client) => client.query(`CREATE DATABASE ${database}`));
      const url = new URL(serverUrl);
      url.pathname = `/${database}`;
      databaseUrl = url.toString();
    });
    afterAll(async () => {
      if (databaseUrl !== undefined) await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
    });
    body(() => {
      if (databaseUrl === undefined) throw new Error('describePg: the database is not ready');
      return databaseUrl;
    });
  });
}

/** Runs `work` on a client connected to `url` (default: the server's own database). */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  return withClient(serverUrl!, work);
}
