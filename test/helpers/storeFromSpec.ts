// A durable store named by a string, so that a worker process can open the same backend as its
// test: `file:<dir>` or `pg:<connection string>`.
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { DurableSessionStore } from '../../src/session/sessionStore.js';
import { PostgresSessionStore } from '../../src/postgres/index.js';

export interface OpenedStore {
  store: DurableSessionStore;
  close(): Promise<void>;
}

/** Opens the store `spec` names; `close` ends what it holds (a pool). */
export function storeFromSpec(spec: string, options: { lockTimeoutMs?: number } = {}): OpenedStore {
  if (spec.startsWith('file:')) return { store: new FileSessionStore({ dir: spec.slice('file:'.length), ...options }), close: async () => undefined };
  if (spec.startsWith('pg:')) {
    const store = new PostgresSessionStore({ connectionString: spec.slice('pg:'.length), ...options });
    return { store, close: () => store.close() };
  }
  throw new Error(`unknown store spec ${JSON.stringify(spec)}: use file:<dir> or pg:<url>`);
}
