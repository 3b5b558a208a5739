// The Run's one session writer: a child actor, spawned only when the Run has a session, that
// writes in order and reports back. A Run without a session raises its replies itself, so it
// creates no actor, takes no lease and no async hop to persist.
//
// On a durable store the writer holds the Run's lease for its whole life (docs/design.md,
// "Durability"): taken when it starts (or handed over by whoever took it to load the history),
// every write goes through it (fenced: once a newer actor of the Run took the session over, a
// write is refused with `session_superseded` and never reaches the store), the Run's end is
// `finish`, and being stopped (`actor.stop()`) releases it, leaving the Run resumable. On a
// plain store it appends, and a stop writes `cancelled` results for calls left without one.
// The store and the lease source come from the environment; its input is data.
import { fromCallback } from 'xstate';
import { ToolErrorCode } from '../../src/codes.js';
import { isDurableSessionStore } from '../../src/session/isDurableSessionStore.js';
import type { CallStart, RunCheckpoint, SessionLease, SessionStore } from '../../src/session/sessionStore.js';
import type { Message, RunStatus } from '../../src/types.js';
import type { LeaseSource } from '../environment.js';

export interface SessionWriterInput {
  sessionId: string;
  runId: string;
}

/** What the Run asks of its writer. */
export type SessionWriterEvent =
  | {
      type: 'session.write';
      messages: readonly Message[];
      /** Written with the messages, in the same atomic write (durable stores). */
      checkpoint?: RunCheckpoint;
      /**
       * A restored Run writes again what it was writing when its snapshot was taken: messages the
       * session already ends with are not appended twice.
       */
      resumed?: boolean;
    }
  | { type: 'session.recordStart'; index: number; start: CallStart }
  | { type: 'session.checkpoint'; checkpoint: RunCheckpoint }
  | { type: 'session.finish'; status: RunStatus };

/** Kept for the Run machine's event types: the write request. */
export type SessionWriteEvent = Extract<SessionWriterEvent, { type: 'session.write' }>;

/** Sent back when a write is durable (`count` messages) or failed, a call's start recorded, the Run finished. */
export type SessionWriterReply =
  | { type: 'session.persisted'; count: number }
  | { type: 'session.failed'; error: unknown }
  | { type: 'session.startRecorded'; index: number; error?: unknown }
  | { type: 'session.finished' };

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

/** Where one writer's writes go: the lease of a durable store, or plain appends. */
interface Sink {
  append(messages: readonly Message[], checkpoint: RunCheckpoint | undefined): Promise<void>;
  recordStart(start: CallStart): Promise<void>;
  checkpoint(checkpoint: RunCheckpoint): Promise<void>;
  finish(status: RunStatus): Promise<void>;
  /** The actor was stopped before the Run finished. */
  stopped(open: ReadonlySet<string>): Promise<void>;
}

function leaseSink(lease: Promise<SessionLease>): Sink {
  return {
    append: async (messages, checkpoint) => (await lease).append(messages, checkpoint),
    recordStart: async (start) => (await lease).recordCallStarted(start),
    checkpoint: async (checkpoint) => (await lease).recordCheckpoint(checkpoint),
    finish: async (status) => (await lease).finish(status),
    // The Run stays resumable: `release` leaves its calls as they are (a resume continues them).
    stopped: async () => (await lease).release(),
  };
}

function plainSink(store: SessionStore | undefined, sessionId: string): Sink {
  const bound = () => {
    if (!store) throw new Error('This Run has no session store bound');
    return store;
  };
  return {
    append: async (messages) => bound().append(sessionId, messages),
    recordStart: async () => undefined,
    checkpoint: async () => undefined,
    finish: async () => undefined,
    stopped: async (open) => {
      if (open.size > 0 && store) await store.append(sessionId, [...open].map(stoppedResult));
    },
  };
}

/**
 * Writes each request after the previous one finished, never two at once.
 * @example
 * import { setup } from 'xstate';
 * import { MemorySessionStore } from 'tinyagent';
 * setup({ actors: { sessionWriter: sessionWriter(new MemorySessionStore(), undefined) } });
 */
export function sessionWriter(store: SessionStore | undefined, leases: LeaseSource | undefined) {
  return fromCallback<SessionWriterEvent, SessionWriterInput>(({ input, sendBack, receive }) => {
    const { sessionId, runId } = input;
    let sink: Sink;
    if (store && isDurableSessionStore(store)) {
      // Taken at once: the Run's first write (its input) waits for it. A lease not handed over
      // is taken over from any earlier actor of this Run (a restore), never from another Run.
      const lease = Promise.resolve(leases?.(sessionId, runId) ?? store.acquire(sessionId, { runId, takeOver: true }));
      lease.catch(() => undefined); // reported by the first write that needs it
      sink = leaseSink(lease);
    } else sink = plainSink(store, sessionId);
    const open = new Set<string>();
    let finished = false;
    let queue: Promise<void> = Promise.resolve();
    const inTurn = (work: () => Promise<void>) => {
      queue = queue.then(work);
    };
    receive((event) => {
      inTurn(async () => {
        switch (event.type) {
          case 'session.write':
            try {
              let messages = event.messages;
              if (event.resumed) messages = messages.slice(alreadyStored(await store!.load(sessionId), messages));
              if (messages.length > 0 || event.checkpoint) await sink.append(messages, event.checkpoint);
              trackOpenCalls(open, event.messages);
              sendBack({ type: 'session.persisted', count: event.messages.length } satisfies SessionWriterReply);
            } catch (error) {
              sendBack({ type: 'session.failed', error } satisfies SessionWriterReply);
            }
            return;
          case 'session.recordStart':
            try {
              await sink.recordStart(event.start);
              sendBack({ type: 'session.startRecorded', index: event.index } satisfies SessionWriterReply);
            } catch (error) {
              sendBack({ type: 'session.startRecorded', index: event.index, error } satisfies SessionWriterReply);
            }
            return;
          case 'session.checkpoint':
            // Informative: a resume asks again for any call without a result that had not started.
            await sink.checkpoint(event.checkpoint).catch(() => undefined);
            return;
          case 'session.finish':
            try {
              await sink.finish(event.status);
              finished = true;
            } catch {
              // Not finished in the store: a later resume ends the Run from what is recorded.
            }
            sendBack({ type: 'session.finished' } satisfies SessionWriterReply);
            return;
        }
      });
    });
    return () => {
      inTurn(async () => {
        if (finished) return;
        try {
          await sink.stopped(open);
        } catch {
          // A plain store's next reader sees the calls without results; a lease that cannot be released lapses with its process.
        }
      });
    };
  });
}
