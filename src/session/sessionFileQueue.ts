// Per-file state shared by every FileSessionStore of this process: a queue that runs the
// loads and appends of one session file one at a time (so lines never interleave and a
// load never sees half an append), and the tool calls whose results a writer still owes.
import type { Message } from '../types.js';

export interface SessionFileState {
  /** Ids of the calls of the last appended assistant message that have no result yet. */
  readonly awaiting: Set<string>;
}

interface QueueEntry extends SessionFileState {
  tail: Promise<void>;
  queued: number;
}

const files = new Map<string, QueueEntry>();

/** Runs `operation` once every earlier operation on `path` has settled. */
export function enqueue<T>(path: string, operation: (state: SessionFileState) => Promise<T>): Promise<T> {
  let entry = files.get(path);
  if (entry === undefined) {
    entry = { tail: Promise.resolve(), queued: 0, awaiting: new Set() };
    files.set(path, entry);
  }
  const current = entry;
  current.queued += 1;
  const result = current.tail.then(() => operation(current));
  current.tail = result.then(ignore, ignore);
  return result.finally(() => {
    current.queued -= 1;
    if (current.queued === 0 && current.awaiting.size === 0) files.delete(path);
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

function ignore(): void {}
