// Per-file state shared by every FileSessionStore of this process: a queue that runs the
// loads and appends of one session file one at a time (so lines never interleave and a
// load never sees half an append), and the tool calls whose results a writer still owes.
import { KeyedLock } from '../keyedLock.js';
import type { Message } from '../types.js';

export interface SessionFileState {
  /** Ids of the calls of the last appended assistant message that have no result yet. */
  readonly awaiting: Set<string>;
  /** Why the last append failed while calls still awaited results, until a load repairs them. */
  writeFailure?: string;
}

const queue = new KeyedLock();
// Kept only while a writer still owes results or a failed write is unreported; an empty state is the same as none.
const states = new Map<string, SessionFileState>();

/** Runs `operation` once every earlier operation on `path` has settled. */
export function enqueue<T>(path: string, operation: (state: SessionFileState) => Promise<T>): Promise<T> {
  return queue.run(path, async () => {
    const state = states.get(path) ?? { awaiting: new Set<string>() };
    try {
      return await operation(state);
    } finally {
      if (state.awaiting.size === 0 && state.writeFailure === undefined) states.delete(path);
      else states.set(path, state);
    }
  });
}

/**
 * Reads, now, which calls `messages` open and answer; the returned function applies that to
 * the state once they are written, so the calls of the last assistant message still owed results are known.
 */
export function trackCalls(messages: readonly Message[]): (state: SessionFileState) => void {
  // A tool message answers its call; any other message starts over with the calls it opens.
  const steps = messages.map((message): { answers: string } | { opens: string[] } =>
    message.role === 'tool'
      ? { answers: message.toolCallId }
      : { opens: message.role === 'assistant' ? (message.toolCalls ?? []).map((call) => call.id) : [] },
  );
  return ({ awaiting }) => {
    for (const step of steps) {
      if ('answers' in step) {
        awaiting.delete(step.answers);
        continue;
      }
      awaiting.clear();
      for (const id of step.opens) awaiting.add(id);
    }
  };
}

