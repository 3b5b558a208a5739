// Opening a session file safely. The store reads, cuts and appends only regular files that
// it could have written itself: never through a symbolic link (which could point out of its
// directory), never a FIFO or device (a read would wait forever), never a hard link (whose
// other name lies elsewhere) and never another user's file.
import { constants } from 'node:fs';
import type { Stats } from 'node:fs';
import { lstat, open } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';

// O_NOFOLLOW makes open fail (ELOOP) on a link instead of following it; O_NONBLOCK makes it
// return at once on a FIFO, so the fstat check below can refuse it. Neither exists on
// Windows, where an lstat before the open stands in for them.
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCK = constants.O_NONBLOCK ?? 0;
/** Flags to read a session file. */
export const READ = constants.O_RDONLY | NO_FOLLOW | NON_BLOCK;
/** Flags to append to an existing session file. */
export const APPEND = constants.O_RDWR | constants.O_APPEND | NO_FOLLOW | NON_BLOCK;
/** Flags to create a new session file (O_EXCL also refuses any link already at the path). */
export const CREATE = APPEND | constants.O_CREAT | constants.O_EXCL;

/** Which session a path belongs to, for error messages. */
export interface SessionFileTarget {
  sessionId: string;
  path: string;
}

/**
 * Opens the session file with `flags` (READ, APPEND or CREATE); `undefined` when it does not
 * exist. Throws `session_unsafe_file` for anything but a regular, single-linked file owned by
 * this process's user, and closes what it opened.
 * @example
 * const handle = await openSessionFile({ sessionId: 's', path: '/data/sessions/s.jsonl' }, READ);
 * const bytes = await handle?.readFile();
 */
export async function openSessionFile(target: SessionFileTarget, flags: number, mode?: number): Promise<FileHandle | undefined> {
  if (NO_FOLLOW === 0) await refuseLinkWithoutNoFollow(target);
  let handle: FileHandle;
  try {
    handle = await open(target.path, flags, mode);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return undefined;
    // ELOOP: a symbolic link under O_NOFOLLOW; ENXIO: a FIFO without a reader or a socket; EISDIR: a directory.
    if (hasCode(error, 'ELOOP') || hasCode(error, 'ENXIO') || hasCode(error, 'EISDIR')) {
      throw unsafe(target, await describeByPath(target.path), error);
    }
    throw error;
  }
  try {
    const problem = fileProblem(await handle.stat());
    if (problem !== undefined) throw unsafe(target, problem);
    return handle;
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
}

/**
 * The text of a small regular file, without following a link or blocking on a FIFO;
 * `undefined` when it does not exist, `'unreadable'` when it is anything but a regular file.
 * @example
 * const record = await readRegularFile('/data/sessions/s.jsonl.lock'); // '{"pid":123,...}'
 */
export async function readRegularFile(path: string): Promise<string | undefined | 'unreadable'> {
  let handle: FileHandle;
  try {
    handle = await open(path, READ);
  } catch (error) {
    return hasCode(error, 'ENOENT') ? undefined : 'unreadable';
  }
  try {
    if (!(await handle.stat()).isFile()) return 'unreadable';
    return await handle.readFile('utf8');
  } catch {
    return 'unreadable';
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/**
 * What makes `stats` unacceptable as a session file, or `undefined` when it is acceptable.
 * @example
 * import { lstat } from 'node:fs/promises';
 * fileProblem(await lstat('/data/sessions/s.jsonl')); // 'it is a symbolic link, not a regular file'
 */
export function fileProblem(stats: Stats): string | undefined {
  if (!stats.isFile()) return `it is ${kindOf(stats)}, not a regular file`;
  if (stats.nlink > 1) return `it is a regular file with ${stats.nlink} hard links; a session file has exactly one name`;
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) return `it belongs to user id ${stats.uid}, not to this process's user (${uid})`;
  return undefined;
}

function kindOf(stats: Stats): string {
  if (stats.isSymbolicLink()) return 'a symbolic link';
  if (stats.isDirectory()) return 'a directory';
  if (stats.isFIFO()) return 'a FIFO (named pipe)';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}

async function describeByPath(path: string): Promise<string> {
  const stats = await lstat(path).catch(() => undefined);
  return stats === undefined ? 'not a regular file' : (fileProblem(stats) ?? 'not a regular file');
}

async function refuseLinkWithoutNoFollow(target: SessionFileTarget): Promise<void> {
  const stats = await lstat(target.path).catch((error: unknown) => {
    if (hasCode(error, 'ENOENT')) return undefined;
    throw error;
  });
  if (stats?.isSymbolicLink()) throw unsafe(target, 'it is a symbolic link, not a regular file');
}

function unsafe(target: SessionFileTarget, problem: string, cause?: unknown): SessionError {
  return new SessionError(
    SessionErrorCode.unsafeFile,
    `Refusing session "${target.sessionId}" at ${target.path}: ${problem}. ` +
      'FileSessionStore reads and writes only regular files it created in its directory; move that entry away to use this session id.',
    { cause, details: { sessionId: target.sessionId } },
  );
}

/**
 * Whether `error` is a Node system error with this `code` (e.g. `ENOENT`).
 * @example
 * import { readFile } from 'node:fs/promises';
 * const text = await readFile('/data/sessions/s.jsonl', 'utf8').catch((error: unknown) => (hasCode(error, 'ENOENT') ? undefined : Promise.reject(error)));
 */
export function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
