// A durable, append-only SessionStore: one JSON Lines file per session, `<dir>/<sessionId>.jsonl`.
import { resolve } from 'node:path';
import { ConfigurationError, SessionError } from '../errors.js';
import { SessionErrorCode } from '../codes.js';
import type { Message, ToolMessage } from '../types.js';
import { readSessionFile, withLockedSessionFile } from './durableFile.js';
import { decodeSession, encodeRecords } from './jsonlCodec.js';
import { assertMessages, encodeMessages } from './messageShape.js';
import { repairInterruptedCalls } from './repairSession.js';
import { assertSessionId } from './sessionId.js';
import { enqueue, trackCalls } from './sessionFileQueue.js';
import type { SessionFileState } from './sessionFileQueue.js';
import type { SessionFileTarget } from './sessionFileAccess.js';
import type { SessionStore } from './sessionStore.js';
import { describeError } from '../describeError.js';

/** Default of `FileSessionStoreOptions.lockTimeoutMs`. */
const DEFAULT_LOCK_TIMEOUT_MS = 10_000;

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
  /**
   * Set when this process saw why the results are missing: the message of the failed append
   * (e.g. a full disk) that should have written them. Otherwise the store cannot know why the
   * Run ended without writing them (its process may have stopped, or another one's write failed).
   */
  writeFailure?: string;
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
  /**
   * How long a write waits for another process that holds the session's lock before it fails
   * with `session_locked`. Default 10000 (ms).
   */
  lockTimeoutMs?: number;
}

/**
 * Keeps each session in `<dir>/<sessionId>.jsonl`, one `{"v":1,"message":{...}}` line per message;
 * an append resolves once its lines are fsynced, and a load repairs what a crash left behind.
 *
 * Only regular files that it created in `dir` are used: a link, a FIFO or another user's file at
 * a session's path is refused with `session_unsafe_file`. One writer at a time per session,
 * across processes: appends (and the repairs a load writes) hold the lock file
 * `<sessionId>.jsonl.lock`, and wait at most `lockTimeoutMs` for another holder.
 * @example
 * const store = new FileSessionStore({ dir: './sessions', onRepair: (r) => console.warn(r.repaired) });
 * await store.append('demo', [{ role: 'user', content: 'hi' }]);
 * await store.load('demo'); // [{ role: 'user', content: 'hi' }]
 */
export class FileSessionStore implements SessionStore {
  /** The absolute directory of the session files. */
  readonly dir: string;
  readonly #onRepair: (repair: SessionRepair) => void;
  readonly #lockTimeoutMs: number;

  constructor(options: FileSessionStoreOptions) {
    if (typeof options?.dir !== 'string' || options.dir === '') {
      throw new ConfigurationError('FileSessionStore needs a `dir`: the directory of the session files');
    }
    if (options.onRepair !== undefined && typeof options.onRepair !== 'function') {
      throw new ConfigurationError('FileSessionStore `onRepair` must be a function');
    }
    const { lockTimeoutMs = DEFAULT_LOCK_TIMEOUT_MS } = options;
    if (!Number.isInteger(lockTimeoutMs) || lockTimeoutMs < 0) {
      throw new ConfigurationError(`FileSessionStore \`lockTimeoutMs\` must be an integer >= 0, got ${String(lockTimeoutMs)}`);
    }
    this.dir = resolve(options.dir);
    this.#onRepair = options.onRepair ?? warnAboutRepair;
    this.#lockTimeoutMs = lockTimeoutMs;
  }

  /**
   * The session's messages; `[]` if it was never written. Ignores a torn last line (one
   * without its newline); any other bad line is `session_corrupt`. Calls without results get
   * `interrupted` results, appended to the file and reported — except the calls of a batch
   * this process is still running, which are left as they are.
   */
  async load(sessionId: string): Promise<Message[]> {
    assertSessionId(sessionId);
    const target = this.#target(sessionId);
    return enqueue(target.path, async (state) => {
      const bytes = await io('read', target, () => readSessionFile(target));
      if (bytes === undefined) return [];
      let plan = planRepair(decodeSession(bytes, target).messages, state);
      if (plan.atEnd.length > 0) {
        // Decide again under the lock, on what the file holds now: another process may have
        // written those results meanwhile.
        plan = await io('append to', target, () =>
          withLockedSessionFile(target, this.#lockTimeoutMs, async (file) => {
            const current = await file.read();
            const again = planRepair(current === undefined ? [] : decodeSession(current, target).messages, state);
            if (again.atEnd.length > 0) await file.append(encodeRecords(again.atEnd));
            return again;
          }),
        );
      }
      if (plan.repaired.length === 0) return plan.messages;
      const persisted = plan.atEnd.length === plan.repaired.length;
      const { writeFailure } = state;
      if (persisted) delete state.writeFailure;
      this.#onRepair({ sessionId, repaired: plan.repaired, persisted, ...(writeFailure === undefined ? {} : { writeFailure }) });
      return plan.messages;
    });
  }

  /** Appends `messages` in one write of complete lines; resolves once they are fsynced. */
  async append(sessionId: string, messages: readonly Message[]): Promise<void> {
    assertSessionId(sessionId);
    assertMessages(sessionId, messages);
    const target = this.#target(sessionId);
    // Read now: what the caller changes later does not leak in.
    const data = encodeMessages(sessionId, () => encodeRecords(messages));
    const noteWritten = trackCalls(messages);
    return enqueue(target.path, async (state) => {
      try {
        await io('append to', target, () => withLockedSessionFile(target, this.#lockTimeoutMs, (file) => file.append(data)));
      } catch (error) {
        // Nobody will deliver the awaited results now; a later load repairs them, and says why.
        if (state.awaiting.size > 0) state.writeFailure = reasonOf(error);
        state.awaiting.clear();
        throw error;
      }
      noteWritten(state);
    });
  }

  #target(sessionId: string): SessionFileTarget {
    return { sessionId, path: resolve(this.dir, `${sessionId}.jsonl`) };
  }
}

/** What a load returns and which of its repairs it can append to the file. */
interface RepairPlan {
  messages: Message[];
  repaired: ToolMessage[];
  atEnd: ToolMessage[];
}

function planRepair(messages: Message[], state: SessionFileState): RepairPlan {
  // The calls of a batch still running here are not interrupted: leave that tail alone.
  const settledCount = state.awaiting.size > 0 ? lastToolCallIndex(messages) : messages.length;
  const { messages: repairedView, repaired } = repairInterruptedCalls(messages.slice(0, settledCount));
  if (repaired.length === 0) return { messages, repaired, atEnd: [] };
  const atEnd = settledCount === messages.length ? trailing(repairedView, repaired) : [];
  return { messages: [...repairedView, ...messages.slice(settledCount)], repaired, atEnd };
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

// The warning a repair gives: why the results are missing, as far as this store can know.
function describeRepair({ sessionId, repaired, persisted, writeFailure }: SessionRepair): string {
  const ids = repaired.map((result) => result.toolCallId).join(', ');
  const why =
    writeFailure === undefined
      ? 'the Run that made them ended without writing their results (its process may have stopped, or a write failed)'
      : `writing their results failed earlier in this process (${writeFailure})`;
  return (
    `Session "${sessionId}": ${repaired.length} tool call(s) (${ids}) had no recorded result: ${why}; ` +
    `they now have "interrupted" error results${persisted ? ', appended to the session file' : ''}.`
  );
}

function warnAboutRepair(repair: SessionRepair): void {
  process.emitWarning(describeRepair(repair), { type: 'TinyAgentWarning', code: 'TINYAGENT_SESSION_REPAIRED' });
}

// The underlying reason of a failed append, without the store's wrapping.
function reasonOf(error: unknown): string {
  const inner = error instanceof SessionError && error.code === SessionErrorCode.io ? error.cause : error;
  return describeError(inner);
}

async function io<T>(action: string, target: SessionFileTarget, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (error instanceof SessionError) throw error;
    const reason = describeError(error);
    throw new SessionError(SessionErrorCode.io, `Could not ${action} session "${target.sessionId}" at ${target.path}: ${reason}`, {
      cause: error,
      details: { sessionId: target.sessionId },
    });
  }
}
