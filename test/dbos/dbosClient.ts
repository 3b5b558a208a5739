// The test process's side of the DBOS tests: it registers the test agent, launches DBOS as a
// client that runs no Runs (it listens to no queue of the tests) and reads the sessions.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { afterAll, beforeAll } from 'vitest';
import { PostgresSessionStore } from '../../src/postgres/index.js';
import { launchDbos, registerTestAgent } from './durableAgentFixture.js';
import { killAllWorkers } from './workers.js';

export interface DbosClient {
  readonly ledger: string;
  readonly support: ReturnType<typeof registerTestAgent>;
  readonly store: PostgresSessionStore;
}

/** Sets the client up before the file's tests and tears it (and every worker) down after them. */
export function useDbosClient(databaseUrl: () => string): DbosClient {
  const ledger = path.join(mkdtempSync(path.join(tmpdir(), 'tinyagent-dbos-')), 'ledger.jsonl');
  const client = { ledger } as { ledger: string; support: DbosClient['support']; store: PostgresSessionStore };
  beforeAll(async () => {
    client.support = registerTestAgent(databaseUrl(), ledger);
    await launchDbos(databaseUrl(), 'client', ['tinyagent-test-none']);
    client.store = new PostgresSessionStore({ connectionString: databaseUrl() });
  }, 60_000);
  afterAll(async () => {
    await killAllWorkers();
    await DBOS.shutdown();
  });
  return client;
}
