// The Run's one session writer: a child actor, spawned only when the Run has a session,
// that appends messages in order and reports back. A Run without a session raises
// `session.persisted` itself, so it creates no actor and takes no async hop to persist.
// The store comes from the environment the actor was bound to; its input is the session id (data).
import { fromCallback } from 'xstate';
import { ToolErrorCode } from '../../src/codes.js';
import type { Message } from '../../src/types.js';
import type { SessionStore } from '../../src/session/sessionStore.js';

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

/** The result written for a call the session holds without one when its Run actor is stopped. */
function stoppedResult(toolCallId: string): Message {
  return {
    role: 'tool',
    toolCallId,
    content: 'Cancelled: the run was stopped before this call had a result; it may not have run, or only in part.',
    isError: true,
    code: ToolErrorCode.cancelled,
  };
}

/** Keeps the ids of written calls that have no written result yet, in call order. */
function trackOpenCalls(open: Set<string>, messages: readonly Message[]): void {
  for (const message of messages) {
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) open.add(call.id);
    if (message.role === 'tool') open.delete(message.toolCallId);
  }
}

/**
 * Appends each `session.write` after the previous one finished, never two at once. When the Run
 * actor is stopped (`actor.stop()`) with calls written but their results not, it writes
 * `cancelled` results for them once the writes in flight are done, so the session stays whole.
 * @example
 * import { setup } from 'xstate';
 * import { MemorySessionStore } from '../../src/session/memorySessionStore.js';
 * setup({ actors: { sessionWriter: sessionWriter(new MemorySessionStore()) } });
 */
export function sessionWriter(store: SessionStore | undefined) {
  return fromCallback<SessionWriteEvent, { sessionId: string }>(({ input, sendBack, receive }) => {
    const open = new Set<string>();
    let queue: Promise<void> = Promise.resolve();
    receive((event) => {
      queue = queue.then(async () => {
        try {
          if (!store) throw new Error('This Run has no session store bound');
          let messages = event.messages;
          if (event.resumed) messages = messages.slice(alreadyStored(await store.load(input.sessionId), messages));
          if (messages.length > 0) await store.append(input.sessionId, messages as Message[]);
          trackOpenCalls(open, event.messages);
          sendBack({ type: 'session.persisted', count: event.messages.length } satisfies SessionWriterReply);
        } catch (error) {
          sendBack({ type: 'session.failed', error } satisfies SessionWriterReply);
        }
      });
    });
    return () => {
      queue = queue.then(async () => {
        if (open.size === 0 || !store) return;
        try {
          await store.append(input.sessionId, [...open].map(stoppedResult));
        } catch {
          // The next load repairs what could not be written here (FileSessionStore: `interrupted`).
        }
      });
    };
  });
}
