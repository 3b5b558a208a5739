// The seam between a Run and wherever its messages are kept.
import type { Message } from '../types.js';

/**
 * Keeps sessions: a session is the ordered list of messages of every Run that used its id.
 * Ids match `^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$`; both methods reject any other id
 * with a `SessionError` (`invalid_session_id`).
 * @example
 * import { MemorySessionStore } from 'tinyagent';
 * const store: SessionStore = new MemorySessionStore();
 * await store.append('demo', [{ role: 'user', content: 'hi' }]);
 * await store.load('demo'); // [{ role: 'user', content: 'hi' }]
 */
export interface SessionStore {
  /** The session's messages in order; `[]` for a session never written. */
  load(sessionId: string): Promise<Message[]>;
  /** Adds `messages` at the end of the session; resolves once they are stored. */
  append(sessionId: string, messages: readonly Message[]): Promise<void>;
}
