// The file system side of FileSessionStore: safe reads, and durable appends of complete lines
// under the session's cross-process lock, after cutting off a torn last line that this store
// wrote; fsync of the file and of the directories whose entries changed.
import { mkdir, open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import { NEWLINE, isCompleteLastLine, isTornRecord } from './jsonlCodec.js';
import { APPEND, CREATE, READ, hasCode, openSessionFile, type SessionFileTarget } from './sessionFileAccess.js';
import { withSessionLock } from './sessionLock.js';

// Sessions hold whole conversations, tool arguments and results: private by default.
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const CHUNK = 64 * 1024;

/** Bytes of a session file from some position on, and which file they came from. */
export interface FileTail {
  bytes: Buffer;
  /** `<dev>:<ino>`: a different value means another file now has the session's name. */
  identity: string;
  /** Where `bytes` begin: the position asked for, or 0 when the file is shorter than that. */
  from: number;
}

/** A session file while this process holds its lock. */
export interface LockedSessionFile {
  /** The file's bytes from `position` on (all when it is past the end), or `undefined` when it does not exist. */
  readFrom(position: number): Promise<FileTail | undefined>;
  /** Appends `data` (complete lines) in one write and fsyncs before resolving. */
  append(data: Uint8Array): Promise<void>;
}

/**
 * The file's bytes, or `undefined` when it does not exist; refuses anything but a regular file of ours.
 * @example
 * const bytes = await readSessionFile({ sessionId: 's', path: '/data/sessions/s.jsonl' });
 */
export async function readSessionFile(target: SessionFileTarget): Promise<Buffer | undefined> {
  const handle = await openSessionFile(target, READ);
  if (handle === undefined) return undefined;
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * The file's bytes from `position` on, with its identity; all of it when the file is
 * shorter than `position` (it is not the file that was read before). `undefined` when it does not exist.
 * @example
 * const tail = await readSessionFileFrom({ sessionId: 's', path: '/data/sessions/s.jsonl' }, 1024);
 */
export async function readSessionFileFrom(target: SessionFileTarget, position: number): Promise<FileTail | undefined> {
  const handle = await openSessionFile(target, READ);
  if (handle === undefined) return undefined;
  try {
    const stats = await handle.stat();
    const from = stats.size >= position ? position : 0;
    return { bytes: await readAt(handle, from, stats.size - from), identity: `${stats.dev}:${stats.ino}`, from };
  } finally {
    await handle.close();
  }
}

/**
 * Runs `work` holding the session's cross-process lock (waiting at most `lockTimeoutMs`); the
 * session's directory is created first if needed.
 * @example
 * import { encodeRecords } from './jsonlCodec.js';
 * import { messageRecord } from './sessionRecord.js';
 * const target = { sessionId: 's', path: '/data/sessions/s.jsonl' };
 * await withLockedSessionFile(target, 10_000, (file) => file.append(encodeRecords([messageRecord({ role: 'user', content: 'hi' })])));
 */
export async function withLockedSessionFile<T>(
  target: SessionFileTarget,
  lockTimeoutMs: number,
  work: (file: LockedSessionFile) => Promise<T>,
): Promise<T> {
  await makeDirectory(dirname(target.path));
  return withSessionLock(target, lockTimeoutMs, () =>
    work({ readFrom: (position) => readSessionFileFrom(target, position), append: (data) => appendDurably(target, data) }),
  );
}

/**
 * Appends `data` in one write and fsyncs. A torn last line (one without its newline, shaped
 * like the start of a record) is cut off first; a complete last line that is not JSON, or an
 * unterminated one this store did not write, is refused and left as it is. A new file (and any
 * directory created for it) has its directory entry fsynced too. If the write fails, the file
 * is cut back to where it was. Call only while holding the session's lock.
 */
async function appendDurably(target: SessionFileTarget, data: Uint8Array): Promise<void> {
  if (data.length === 0) return;
  const { handle, created } = await openForAppend(target);
  try {
    const size = (await handle.stat()).size;
    const end = created ? 0 : await completeLength(target, handle, size);
    if (end < size) await handle.truncate(end);
    try {
      await writeAll(handle, data);
    } catch (error) {
      await handle.truncate(end).catch(() => undefined);
      throw error;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (created) await syncDirectory(dirname(target.path));
}

async function openForAppend(target: SessionFileTarget): Promise<{ handle: FileHandle; created: boolean }> {
  const existing = await openSessionFile(target, APPEND);
  if (existing !== undefined) return { handle: existing, created: false };
  try {
    const created = await openSessionFile(target, CREATE, FILE_MODE);
    if (created !== undefined) return { handle: created, created: true };
  } catch (error) {
    if (!hasCode(error, 'EEXIST')) throw error;
  }
  const raced = await openSessionFile(target, APPEND);
  if (raced === undefined) throw new Error('the session file vanished while it was being created');
  return { handle: raced, created: false };
}

// Creates `dir` and its missing ancestors, then fsyncs the parent of each one created.
async function makeDirectory(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: DIR_MODE });
  if (first === undefined) return;
  const parents: string[] = [];
  for (let created = dir; ; created = dirname(created)) {
    parents.unshift(dirname(created));
    if (created === first || dirname(created) === created) break;
  }
  for (const parent of parents) await syncDirectory(parent);
}

async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return; // Windows cannot open a directory to fsync it
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// Where the complete lines end: `size`, or the start of a torn last line. Throws
// `session_corrupt` rather than cut anything this store cannot have written.
async function completeLength(target: SessionFileTarget, handle: FileHandle, size: number): Promise<number> {
  if (size === 0) return 0;
  const endsWithNewline = (await readAt(handle, size - 1, 1))[0] === NEWLINE;
  const last = await lastLine(handle, endsWithNewline ? size - 1 : size);
  if (endsWithNewline) {
    if (isCompleteLastLine(last.bytes)) return size;
    throw refused(target, 'its last line is complete (it ends with a newline) but is not valid JSON');
  }
  if (isTornRecord(last.bytes)) return last.start;
  throw refused(target, 'its last line has no newline and does not begin like a session record, so this store did not write it');
}

function refused(target: SessionFileTarget, problem: string): SessionError {
  return new SessionError(
    SessionErrorCode.corrupt,
    `Session "${target.sessionId}" is corrupt: ${problem} (${target.path}). Nothing was appended and the file was left as it is.`,
    { details: { sessionId: target.sessionId } },
  );
}

// The line that ends at `end` (exclusive), reading backwards chunk by chunk.
async function lastLine(handle: FileHandle, end: number): Promise<{ start: number; bytes: Buffer }> {
  const chunks: Buffer[] = [];
  for (let to = end; to > 0; ) {
    const from = Math.max(0, to - CHUNK);
    const chunk = await readAt(handle, from, to - from);
    const newline = chunk.lastIndexOf(NEWLINE);
    if (newline !== -1) {
      chunks.unshift(chunk.subarray(newline + 1));
      return { start: from + newline + 1, bytes: Buffer.concat(chunks) };
    }
    chunks.unshift(chunk);
    to = from;
  }
  return { start: 0, bytes: Buffer.concat(chunks) };
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

async function writeAll(handle: FileHandle, data: Uint8Array): Promise<void> {
  for (let offset = 0; offset < data.length; ) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    if (bytesWritten === 0) throw new Error('the file system accepted no bytes');
    offset += bytesWritten;
  }
}
