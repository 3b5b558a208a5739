// A SessionStore in memory, for tests and short-lived agents: durable within its process only.
import { LeasedSessions, resolveDurableOptions, type DurableStoreOptions } from './leasedSessions.js';
import { isProcessGone, processHolder } from './processHolder.js';
import type { RecordBackend, RecordChannel } from './recordBackend.js';
import type { SessionRecord } from './sessionRecord.js';

/** Options of `MemorySessionStore`. */
export type MemorySessionStoreOptions = DurableStoreOptions;

/**
 * Keeps sessions in memory, as copies: changing what you appended or loaded never changes
 * the store. Copies go through JSON, so it keeps exactly what a FileSessionStore would.
 * Leases work as in every durable store; an owner is gone only once its lease ended.
 * @example
 * const store = new MemorySessionStore();
 * await store.append('demo', [{ role: 'user', content: 'hi' }]);
 * await store.load('demo'); // [{ role: 'user', content: 'hi' }]
 */
export class MemorySessionStore extends LeasedSessions {
  constructor(options?: MemorySessionStoreOptions) {
    super(memoryBackend(), resolveDurableOptions('MemorySessionStore', options));
  }
}

// Records kept as JSON lines; an update runs without an await between its read and its append.
function memoryBackend(): RecordBackend {
  const sessions = new Map<string, string[]>();
  const read = (sessionId: string) => (sessions.get(sessionId) ?? []).map((line) => JSON.parse(line) as SessionRecord);
  const locks = new Map<string, Promise<unknown>>();
  const channel: RecordChannel = {
    holder: processHolder(),
    update: () => Promise.reject(new Error('unbound')),
    isGone: async (owner) => isProcessGone(owner.holder, owner.leaseId) ?? false,
    close: async () => undefined,
  };
  return {
    read: async (sessionId) => read(sessionId),
    open: async (sessionId) => ({
      ...channel,
      update: (update) => {
        const run = (locks.get(sessionId) ?? Promise.resolve()).then(async () => {
          const { append, result } = await update(read(sessionId));
          if (append.length > 0) sessions.set(sessionId, (sessions.get(sessionId) ?? []).concat(append.map((record) => JSON.stringify(record))));
          return result;
        });
        locks.set(sessionId, run.catch(() => undefined));
        return run;
      },
    }),
  };
}
