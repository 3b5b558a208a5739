// MemorySessionStore passes the SessionStore contract (one shared store is its one backend).
import { describe, it } from 'vitest';
import { MemorySessionStore } from '../../../src/session/memorySessionStore.js';
import { sessionStoreConformance } from '../../../src/testing.js';

describe('MemorySessionStore', () => {
  it('passes sessionStoreConformance', async () => {
    const shared = new MemorySessionStore();
    await sessionStoreConformance(() => shared);
  });
});
