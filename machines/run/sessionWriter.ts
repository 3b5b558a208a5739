// The Run's one session writer: a child actor, spawned only when the Run has a session,
// that appends messages in order and reports back. A Run without a session raises
// `session.persisted` itself, so it creates no actor and takes no async hop to persist.
import { fromCallback } from 'xstate';
import type { Message } from '../../src/types.js';
import type { SessionBinding } from './sessionBinding.js';

export interface SessionWriteEvent {
  type: 'session.write';
  messages: Message[];
}

/** Sent back when a write is durable (`count` messages) or failed. */
export type SessionWriterReply = { type: 'session.persisted'; count: number } | { type: 'session.failed'; error: unknown };

/** Appends each `session.write` after the previous one finished, never two at once. */
export const sessionWriter = fromCallback<SessionWriteEvent, SessionBinding>(({ input, sendBack, receive }) => {
  let queue: Promise<void> = Promise.resolve();
  receive((event) => {
    queue = queue.then(async () => {
      try {
        await input.store.append(input.sessionId, event.messages);
        sendBack({ type: 'session.persisted', count: event.messages.length } satisfies SessionWriterReply);
      } catch (error) {
        sendBack({ type: 'session.failed', error } satisfies SessionWriterReply);
      }
    });
  });
});
