// PostgresSessionStore passes the SessionStore contract: every store (each with its own pool)
// shares one database, as two processes would.
import { afterAll, expect, it } from 'vitest';
import { PostgresSessionStore } from '../../src/postgres/index.js';
import { sessionStoreConformance } from '../../src/testing.js';
import { describePg } from './pgTestKit.js';

describePg('PostgresSessionStore', (databaseUrl) => {
  const stores: PostgresSessionStore[] = [];
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  it('passes sessionStoreConformance', async () => {
    await sessionStoreConformance(() => {
      const store = new PostgresSessionStore({ connectionString: databaseUrl() });
      stores.push(store);
      return store;
    });
    expect(stores.length).toBeGreaterThan(1);
  });
});
