// The Run's one session writer: a child actor, spawned only when the Run has a session,
// that appends messages in order and reports back. A Run without a session raises
// `session.persisted` itself, so it creates no actor and takes no async hop to persist.
// The store comes from the Run's environment; the actor's input is the session id (data).
import { fromCallback } from 'xstate';
import type { Message } from '../../src/types.js';
import { environmentOf } from './runEnvironment.js';

export interface SessionWriteEvent {
  type: 'session.write';
  messages: readonly Message[];
  /**
   * A restored Run writes again what it was writing when its snapshot was taken: messages the
   * session already ends with are not appended twice.
   */
  resumed?: boolean;
}

/** Sent back when a write is durable (`count` messages) or failed. */
export type SessionWriterReply = { type: 'session.persisted'; count: number } | { type: 'session.failed'; error: unknown };

/** How many of `messages`, from the start, the session already ends with. */
function alreadyStored(stored: readonly Message[], messages: readonly Message[]): number {
  const same = (a: Message, b: Message) => JSON.stringify(a) === JSON.stringify(b);
  for (let count = Math.min(stored.length, messages.length); count > 0; count--) {
    const tail = stored.slice(stored.length - count);
    if (tail.every((message, index) => same(message, messages[index]!))) return count;
  }
  return 0;
}

/** Appends each `session.write` after the previous one finished, never two at once. */
export const sessionWriter = fromCallback<SessionWriteEvent, { sessionId: string }>(({ input, sendBack, receive, system }) => {
  const { store } = environmentOf(system);
  let queue: Promise<void> = Promise.resolve();
  receive((event) => {
    queue = queue.then(async () => {
      try {
        if (!store) throw new Error('This Run has no session store bound');
        let messages = event.messages;
        if (event.resumed) messages = messages.slice(alreadyStored(await store.load(input.sessionId), messages));
        if (messages.length > 0) await store.append(input.sessionId, messages as Message[]);
        sendBack({ type: 'session.persisted', count: event.messages.length } satisfies SessionWriterReply);
      } catch (error) {
        sendBack({ type: 'session.failed', error } satisfies SessionWriterReply);
      }
    });
  });
});
