// A SessionStore in memory, for tests and short-lived agents.
import type { Message } from '../types.js';
import { assertMessages, encodeMessages } from './messageShape.js';
import { assertSessionId } from './sessionId.js';
import type { SessionStore } from './sessionStore.js';

/**
 * Keeps sessions in memory, as copies: changing what you appended or loaded never changes
 * the store. Copies go through JSON, so it keeps exactly what a FileSessionStore would.
 * @example
 * const store = new MemorySessionStore();
 * await store.append('demo', [{ role: 'user', content: 'hi' }]);
 * await store.load('demo'); // [{ role: 'user', content: 'hi' }]
 */
export class MemorySessionStore implements SessionStore {
  readonly #sessions = new Map<string, string[]>();

  /** A copy of the session's messages; `[]` for a session never written. */
  async load(sessionId: string): Promise<Message[]> {
    assertSessionId(sessionId);
    return (this.#sessions.get(sessionId) ?? []).map((line) => JSON.parse(line) as Message);
  }

  /** Appends copies of `messages` at the end of the session. */
  async append(sessionId: string, messages: readonly Message[]): Promise<void> {
    assertSessionId(sessionId);
    assertMessages(sessionId, messages);
    const lines = encodeMessages(sessionId, () => messages.map((message) => JSON.stringify(message)));
    this.#sessions.set(sessionId, (this.#sessions.get(sessionId) ?? []).concat(lines));
  }
}
