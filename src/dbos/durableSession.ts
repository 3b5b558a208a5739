// The provider request and the session writes of a Run as durable steps.
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import { isDurableSessionStore } from '../session/isDurableSessionStore.js';
import type { SessionStore } from '../session/sessionStore.js';
import type { Message, Provider } from '../types.js';
import type { DurableExecution } from './durableExecution.js';

/**
 * `provider` with each request a step: a replay returns the recorded response, and a Run
 * cancelled before a request never makes it.
 */
export function durableProvider(provider: Provider, execution: DurableExecution): Provider {
  return {
    ...(provider.info ? { info: provider.info } : {}),
    async complete(request, options) {
      const outcome = await execution.step(
        'provider.complete',
        (signal) => provider.complete(request, { ...options, signal: AbortSignal.any([options.signal, signal]) }),
        'skip',
      );
      if ('skipped' in outcome) throw new DOMException('The Run was cancelled before this request', 'AbortError');
      return outcome.value;
    },
  };
}

/**
 * Loads the session's history as a step (a replay sees the history the first execution saw).
 * A durable store is taken and released first, which repairs what a dead Run left there.
 */
export async function loadHistory(store: SessionStore, sessionId: string, execution: DurableExecution): Promise<Message[]> {
  const outcome = await execution.step(
    'session.load',
    async () => {
      if (isDurableSessionStore(store)) await (await store.acquire(sessionId, { runId: execution.workflowId })).release();
      return store.load(sessionId);
    },
    'run',
  );
  return 'value' in outcome ? outcome.value : [];
}

/** JSON with keys sorted and undefined fields left out: a store may give keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) =>
    field !== null && typeof field === 'object' && !Array.isArray(field)
      ? Object.fromEntries(Object.entries(field as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : field,
  );
}
const same = (a: readonly Message[], b: readonly Message[]) => canonical(a) === canonical(b);

/** Cancelled results name the reason the Run was cancelled with. */
function withCancelReason(messages: readonly Message[], signal: AbortSignal): readonly Message[] {
  if (!signal.aborted || typeof signal.reason !== 'string' || signal.reason === '') return messages;
  const reason = signal.reason;
  return messages.map((message) =>
    message.role === 'tool' && message.code === 'cancelled' ? { ...message, content: `${message.content} Reason: ${reason}` } : message,
  );
}

/**
 * `store` for one Run whose session held `historyLength` messages when it started: each append
 * is a step that writes at the position the Run expects. An append that a crash cut after it
 * landed is found there and not written twice; anything else at that position is a
 * `session_conflict` (another writer used the session meanwhile).
 */
export function durableSessionStore(store: SessionStore, historyLength: number, execution: DurableExecution): SessionStore {
  let position = historyLength;
  return {
    load: (sessionId) => store.load(sessionId),
    async append(sessionId, appended) {
      const messages = withCancelReason(appended, execution.runSignal);
      const at = position;
      position += messages.length;
      await execution.step(
        'session.append',
        async () => {
          const stored = await store.load(sessionId);
          if (stored.length >= at + messages.length && same(stored.slice(at, at + messages.length), messages)) return 'already stored';
          if (stored.length !== at) {
            throw new SessionError(
              SessionErrorCode.conflict,
              `Session "${sessionId}" has ${stored.length} messages where this Run expected ${at}: another Run wrote to it meanwhile`,
              { details: { sessionId } },
            );
          }
          await store.append(sessionId, messages);
          return 'appended';
        },
        'run',
      );
    },
  };
}
