// A durable, append-only SessionStore: one JSON Lines file per session, `<dir>/<sessionId>.jsonl`.
import { resolve } from 'node:path';
import { ConfigurationError, SessionError } from '../errors.js';
import { SessionErrorCode } from '../codes.js';
import { KeyedLock } from '../keyedLock.js';
import { readSessionFile, withLockedSessionFile } from './durableFile.js';
import { decodeSession, encodeRecords } from './jsonlCodec.js';
import { LeasedSessions, resolveDurableOptions, type DurableStoreOptions } from './leasedSessions.js';
import { isProcessGone, processHolder } from './processHolder.js';
import type { RecordBackend, RecordChannel } from './recordBackend.js';
import type { SessionFileTarget } from './sessionFileAccess.js';
import type { SessionRecord } from './sessionRecord.js';
import { forget, noteAppended, readPosition, recordsWith } from './sessionRecordCache.js';
import { describeError } from '../describeError.js';

export type { SessionRepair } from './leasedSessions.js';

/** Options of `FileSessionStore`. */
export interface FileSessionStoreOptions extends DurableStoreOptions {
  /** The directory of the session files; created (mode 0700) on the first write. */
  dir: string;
}

// One update of a session file at a time within this process (the lock file covers processes).
const fileQueue = new KeyedLock();

/**
 * Keeps each session in `<dir>/<sessionId>.jsonl`, one JSON record per line (format version 2;
 * version-1 files load too); a write resolves once its lines are fsynced. A load only reads; it
 * ignores a torn last line (one without its newline), and any other bad line is `session_corrupt`.
 *
 * Only regular files that it created in `dir` are used: a link, a FIFO or another user's file at
 * a session's path is refused with `session_unsafe_file`. Every write holds the lock file
 * `<sessionId>.jsonl.lock` for its duration (waiting at most `lockTimeoutMs`), and a Run's lease
 * owns the session in between: a lease's holder is gone when its process (same host) no longer exists.
 * @example
 * const store = new FileSessionStore({ dir: './sessions' });
 * await store.append('demo', [{ role: 'user', content: 'hi' }]);
 * await store.load('demo'); // [{ role: 'user', content: 'hi' }]
 */
export class FileSessionStore extends LeasedSessions {
  /** The absolute directory of the session files. */
  readonly dir: string;

  constructor(options: FileSessionStoreOptions) {
    if (typeof options?.dir !== 'string' || options.dir === '') {
      throw new ConfigurationError('FileSessionStore needs a `dir`: the directory of the session files');
    }
    const resolved = resolveDurableOptions('FileSessionStore', options);
    const dir = resolve(options.dir);
    super(fileBackend(dir, resolved.lockTimeoutMs), resolved);
    this.dir = dir;
  }
}

function fileBackend(dir: string, lockTimeoutMs: number): RecordBackend {
  const target = (sessionId: string): SessionFileTarget => ({ sessionId, path: resolve(dir, `${sessionId}.jsonl`) });
  const readRecords = async (file: SessionFileTarget, bytes: Buffer | undefined): Promise<SessionRecord[]> =>
    bytes === undefined ? [] : decodeSession(bytes, file).records;
  const channel = (file: SessionFileTarget): RecordChannel => ({
    holder: processHolder(),
    update: (update) =>
      fileQueue.run(file.path, () =>
        io('write', file, () =>
          withLockedSessionFile(file, lockTimeoutMs, async (locked) => {
            const records =
              recordsWith(file.path, file, await locked.readFrom(readPosition(file.path))) ??
              (recordsWith(file.path, file, await locked.readFrom(0)) as SessionRecord[]);
            const { append, result } = await update(records);
            if (append.length > 0) {
              const data = encodeRecords(append);
              try {
                await locked.append(data);
              } catch (error) {
                forget(file.path);
                throw error;
              }
              noteAppended(file.path, append, data.length);
            }
            return result;
          }),
        ),
      ),
    isGone: async (owner) => isProcessGone(owner.holder, owner.leaseId) ?? false,
    close: async () => undefined,
  });
  return {
    read: (sessionId) => {
      const file = target(sessionId);
      return fileQueue.run(file.path, () => io('read', file, async () => readRecords(file, await readSessionFile(file))));
    },
    open: async (sessionId) => channel(target(sessionId)),
  };
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
