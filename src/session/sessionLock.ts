// One writer per session file across processes: an advisory lock file `<session file>.lock`.
//
// Why a lock file: Node 20 has no flock/fcntl lock without a native addon, and a package that
// keeps a lock alive by refreshing its mtime (proper-lockfile) lets a second writer in whenever
// the holder's event loop stalls past the stale time, which is exactly how appends were lost.
// Here a lock is stale only when its owner is provably gone: same host, and no process with its
// pid exists. A lock of a live process, of another host, or one we cannot read is waited for
// (at most `timeoutMs`), then refused with a `session_locked` error naming the owner and the file.
//
// The lock is taken atomically with content: its record is written to a private temporary file
// that is then hard-linked to the lock name (link fails if the name exists), so no reader ever
// sees an empty lock. Only the holder removes its own lock; a stale one is removed only by the
// holder of `<lock>.break`, after reading it again, so two processes breaking the same stale lock
// cannot remove a fresh one that a third took in between.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { link, unlink, writeFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import { isAlive } from './processHolder.js';
import { hasCode, readRegularFile, type SessionFileTarget } from './sessionFileAccess.js';

/** Who holds a lock: the record inside the lock file. */
interface LockOwner {
  pid: number;
  host: string;
  token: string;
}

const FIRST_POLL_MS = 2;
const MAX_POLL_MS = 50;

/**
 * Runs `task` while holding the session file's cross-process lock; waits at most `timeoutMs`
 * for another holder, then throws `session_locked`.
 * @example
 * import { appendFile } from 'node:fs/promises';
 * await withSessionLock({ sessionId: 's', path: '/data/sessions/s.jsonl' }, 10_000, () => appendFile('/data/sessions/s.jsonl', '{}\n'));
 */
export async function withSessionLock<T>(target: SessionFileTarget, timeoutMs: number, task: () => Promise<T>): Promise<T> {
  const lockPath = `${target.path}.lock`;
  const owner = await acquire(target, lockPath, timeoutMs);
  try {
    return await task();
  } finally {
    await release(lockPath, owner);
  }
}

async function acquire(target: SessionFileTarget, lockPath: string, timeoutMs: number): Promise<LockOwner> {
  const me: LockOwner = { pid: process.pid, host: hostname(), token: randomUUID() };
  const deadline = Date.now() + timeoutMs;
  for (let poll = FIRST_POLL_MS; ; poll = Math.min(poll * 2, MAX_POLL_MS)) {
    if (await tryCreate(lockPath, me)) return me;
    const holder = await readOwner(lockPath);
    if (holder === 'gone') continue; // released between our attempt and the read: try again at once
    if (holder !== 'unreadable' && isStale(holder) && (await breakStale(lockPath, holder))) continue;
    if (Date.now() >= deadline) throw locked(target, lockPath, holder, timeoutMs);
    await delay(poll);
  }
}

// Creates the lock file with `owner` inside, or returns false when it exists already.
async function tryCreate(lockPath: string, owner: LockOwner): Promise<boolean> {
  const temporary = `${lockPath}.${owner.token}.tmp`;
  await writeFile(temporary, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
  try {
    await link(temporary, lockPath);
    return true;
  } catch (error) {
    if (hasCode(error, 'EEXIST')) return false;
    throw error;
  } finally {
    await unlink(temporary).catch(() => undefined);
  }
}

async function readOwner(lockPath: string): Promise<LockOwner | 'gone' | 'unreadable'> {
  const text = await readRegularFile(lockPath);
  if (text === undefined) return 'gone';
  if (text === 'unreadable') return 'unreadable';
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    if (Number.isInteger(value.pid) && typeof value.host === 'string' && typeof value.token === 'string') return value as LockOwner;
  } catch {
    // not ours, or damaged: never removed automatically
  }
  return 'unreadable';
}

// Stale only when provably dead: a pid of this host that no longer exists.
function isStale(owner: LockOwner): boolean {
  return owner.host === hostname() && !isAlive(owner.pid);
}


// Removes the lock `stale` describes, if it is still that lock, holding `<lock>.break` meanwhile.
// False when another process is breaking it: the caller waits as for any held lock.
async function breakStale(lockPath: string, stale: LockOwner): Promise<boolean> {
  const breakPath = `${lockPath}.break`;
  const breaker: LockOwner = { pid: process.pid, host: hostname(), token: randomUUID() };
  if (!(await tryCreate(breakPath, breaker))) {
    // If that process died mid-break, clear its marker (rare enough that the small race this
    // leaves between two such cleaners is acceptable).
    const other = await readOwner(breakPath);
    if (other === 'gone') return true;
    if (other !== 'unreadable' && isStale(other)) await removeIfOwnedBy(breakPath, other);
    return false;
  }
  try {
    await removeIfOwnedBy(lockPath, stale);
    return true;
  } finally {
    await removeIfOwnedBy(breakPath, breaker);
  }
}

async function release(lockPath: string, owner: LockOwner): Promise<void> {
  await removeIfOwnedBy(lockPath, owner);
}

async function removeIfOwnedBy(path: string, owner: LockOwner): Promise<void> {
  const current = await readOwner(path);
  if (typeof current === 'object' && current.token === owner.token) await unlink(path).catch(() => undefined);
}

function locked(target: SessionFileTarget, lockPath: string, holder: LockOwner | 'unreadable', timeoutMs: number): SessionError {
  const who = holder === 'unreadable' ? 'an unknown writer (its lock file cannot be read)' : `process ${holder.pid} on host "${holder.host}"`;
  return new SessionError(
    SessionErrorCode.locked,
    `Session "${target.sessionId}" is locked by ${who}; waited ${timeoutMs} ms for ${lockPath}. ` +
      'Only one process writes a session at a time. If no such writer is running, delete the lock file.',
    { details: { sessionId: target.sessionId } },
  );
}
