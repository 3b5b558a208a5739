// A durable, append-only SessionStore: one JSON Lines file per session, `<dir>/<sessionId>.jsonl`.
import { resolve } from 'node:path';
import { ConfigurationError, SessionError } from '../errors.js';
import { SessionErrorCode } from '../codes.js';
import type { Message, ToolMessage } from '../types.js';
import { appendDurably, readIfExists } from './durableFile.js';
import { decodeSession, encodeRecords } from './jsonlCodec.js';
import { assertMessages, encodeMessages } from './messageShape.js';
import { repairInterruptedCalls } from './repairSession.js';
import { assertSessionId } from './sessionId.js';
import { enqueue, trackCalls } from './sessionFileQueue.js';
import type { SessionFileState } from './sessionFileQueue.js';
import type { SessionStore } from './sessionStore.js';

/** What `FileSessionStore.load` reports when it repaired a session a crash left incomplete. */
export interface SessionRepair {
  sessionId: string;
  /** The `interrupted` error results added for tool calls that had none, in session order. */
  repaired: ToolMessage[];
  /**
   * True when all of them were appended to the file (the crash case: the calls were the
   * last thing written), so later loads find them there. False when some sit in the middle
   * of the session: the file is never rewritten, so those are added, and reported, on every load.
   */
  persisted: boolean;
}

/** Options of `FileSessionStore`. */
export interface FileSessionStoreOptions {
  /** The directory of the session files; created (mode 0700) on the first append. */
  dir: string;
  /**
   * Called when a load repaired a session. Default: `process.emitWarning` with code
   * `TINYAGENT_SESSION_REPAIRED`. If it throws, that load rejects with its error (the repair is already written).
   */
  onRepair?: (repair: SessionRepair) => void;
}

/**
 * Keeps each session in `<dir>/<sessionId>.jsonl`, one `{"v":1,"message":{...}}` line per message;
 * an append resolves once its lines are fsynced, and a load repairs what a crash left behind.
 *
 * One process at a time may write a session: loads and appends are serialised per session
 * within this process only.
 * @example
 * const store = new FileSessionStore({ dir: './sessions', onRepair: (r) => console.warn(r.repaired) });
 * await store.append('demo', [{ role: 'user', content: 'hi' }]);
 * await store.load('demo'); // [{ role: 'user', content: 'hi' }]
 */
export class FileSessionStore implements SessionStore {
  /** The absolute directory of the session files. */
  readonly dir: string;
  readonly #onRepair: (repair: SessionRepair) => void;

  constructor(options: FileSessionStoreOptions) {
    if (typeof options?.dir !== 'string' || options.dir === '') {
      throw new ConfigurationError('FileSessionStore needs a `dir`: the directory of the session files');
    }
    if (options.onRepair !== undefined && typeof options.onRepair !== 'function') {
      throw new ConfigurationError('FileSessionStore `onRepair` must be a function');
    }
    this.dir = resolve(options.dir);
    this.#onRepair = options.onRepair ?? warnAboutRepair;
  }

  /**
   * The session's messages; `[]` if it was never written. Ignores a torn last line. Calls
   * without results get `interrupted` results, appended to the file and reported — except
   * the calls of a batch this process is still running, which are left as they are.
   */
  async load(sessionId: string): Promise<Message[]> {
    assertSessionId(sessionId);
    const path = this.#path(sessionId);
    return enqueue(path, async (state) => {
      const bytes = await io('read', sessionId, path, () => readIfExists(path));
      if (bytes === undefined) return [];
      const { messages } = decodeSession(bytes, { sessionId, path });
      return this.#repair(sessionId, path, messages, state);
    });
  }

  /** Appends `messages` in one write of complete lines; resolves once they are fsynced. */
  async append(sessionId: string, messages: readonly Message[]): Promise<void> {
    assertSessionId(sessionId);
    assertMessages(sessionId, messages);
    const path = this.#path(sessionId);
    // Read now: what the caller changes later does not leak in.
    const data = encodeMessages(sessionId, () => encodeRecords(messages));
    const noteWritten = trackCalls(messages);
    return enqueue(path, async (state) => {
      try {
        await io('append to', sessionId, path, () => appendDurably(path, data));
      } catch (error) {
        state.awaiting.clear(); // nobody will deliver those results now; a later load repairs them
        throw error;
      }
      noteWritten(state);
    });
  }

  async #repair(sessionId: string, path: string, messages: Message[], state: SessionFileState): Promise<Message[]> {
    // The calls of a batch still running here are not interrupted: leave that tail alone.
    const settledCount = state.awaiting.size > 0 ? lastToolCallIndex(messages) : messages.length;
    const { messages: repairedView, repaired } = repairInterruptedCalls(messages.slice(0, settledCount));
    if (repaired.length === 0) return messages;
    const atEnd = settledCount === messages.length ? trailing(repairedView, repaired) : [];
    if (atEnd.length > 0) await io('append to', sessionId, path, () => appendDurably(path, encodeRecords(atEnd)));
    this.#onRepair({ sessionId, repaired, persisted: atEnd.length === repaired.length });
    return [...repairedView, ...messages.slice(settledCount)];
  }

  #path(sessionId: string): string {
    return resolve(this.dir, `${sessionId}.jsonl`);
  }
}

function lastToolCallIndex(messages: readonly Message[]): number {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role === 'assistant' && message.toolCalls?.length) return index;
  }
  return messages.length;
}

// The repaired results after the session's last existing message: the ones an append can add.
function trailing(view: readonly Message[], repaired: readonly ToolMessage[]): ToolMessage[] {
  const added = new Set<Message>(repaired);
  let start = view.length;
  while (start > 0 && added.has(view[start - 1] as Message)) start -= 1;
  return view.slice(start) as ToolMessage[];
}

function warnAboutRepair({ sessionId, repaired, persisted }: SessionRepair): void {
  const ids = repaired.map((result) => result.toolCallId).join(', ');
  process.emitWarning(
    `Session "${sessionId}": ${repaired.length} tool call(s) (${ids}) had no result, as the process stopped while ` +
      `they ran; they now have "interrupted" error results${persisted ? ', appended to the session file' : ''}.`,
    { type: 'TinyAgentWarning', code: 'TINYAGENT_SESSION_REPAIRED' },
  );
}

async function io<T>(action: string, sessionId: string, path: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof SessionError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new SessionError(SessionErrorCode.io, `Could not ${action} session "${sessionId}" at ${path}: ${reason}`, {
      cause: error,
      details: { sessionId },
    });
  }
}
