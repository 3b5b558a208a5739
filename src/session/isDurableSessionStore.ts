// Telling a durable store from a plain one, for the code that needs leases.
import type { DurableSessionStore, SessionStore } from './sessionStore.js';

/**
 * Whether `store` has `acquire` and `loadRunState`, so Runs on it can hold leases and resume.
 * @example
 * import { MemorySessionStore } from './memorySessionStore.js';
 * isDurableSessionStore(new MemorySessionStore()); // true
 * isDurableSessionStore({ load: async () => [], append: async () => {} }); // false
 */
export function isDurableSessionStore(store: SessionStore): store is DurableSessionStore {
  return typeof store.acquire === 'function' && typeof store.loadRunState === 'function';
}
