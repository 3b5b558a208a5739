// The PostgreSQL session store (entry of `tinyagent/postgres`); `pg` is loaded on first use.
export { PostgresSessionStore } from './postgresSessionStore.js';
export type { PostgresSessionStoreOptions } from './postgresSessionStore.js';
export type { PgClient, PgPool, PgQueryResult } from './pgTypes.js';
