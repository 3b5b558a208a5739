// What a writer of this process last read of a session file, so that the next write under the
// lock reads only the bytes added since. Sound because the file is append-only: bytes up to the
// end of its last complete line never change (only a torn tail after them is ever cut). A file
// with another identity, or shorter than what was read, is read whole again.
import type { FileTail } from './durableFile.js';
import { decodeSession, type SessionSource } from './jsonlCodec.js';
import type { SessionRecord } from './sessionRecord.js';

interface CachedFile {
  identity: string;
  /** Bytes up to the end of the last complete line read. */
  completeLength: number;
  lines: number;
  records: SessionRecord[];
}

// Bounded: the sessions written most recently. Only writers use it; what they decide on is never handed to callers.
const MAX_FILES = 32;
const cache = new Map<string, CachedFile>();

/** Where to read `path` from: just after what was read last, or 0. */
export function readPosition(path: string): number {
  return cache.get(path)?.completeLength ?? 0;
}

/**
 * The session's records: the cached ones followed by those decoded from `tail`, or all decoded
 * from `tail` when it is the whole file. `undefined` when `tail` is part of a file other than
 * the one cached: read it whole. Remembers the result.
 */
export function recordsWith(path: string, source: SessionSource, tail: FileTail | undefined): SessionRecord[] | undefined {
  const cached = cache.get(path);
  if (tail === undefined) {
    cache.delete(path);
    return [];
  }
  const continues = cached !== undefined && cached.identity === tail.identity && tail.from === cached.completeLength && tail.from > 0;
  if (!continues && tail.from > 0) {
    cache.delete(path);
    return undefined;
  }
  const base = continues ? cached : { identity: tail.identity, completeLength: 0, lines: 0, records: [] };
  const decoded = decodeSession(tail.bytes, source, base.lines + 1);
  const records = base.records.concat(decoded.records);
  remember(path, { identity: tail.identity, completeLength: base.completeLength + decoded.completeLength, lines: base.lines + decoded.records.length, records });
  return records;
}

/** Notes that `appended` records, `byteLength` bytes, were written right after what was read. */
export function noteAppended(path: string, appended: readonly SessionRecord[], byteLength: number): void {
  const cached = cache.get(path);
  if (cached === undefined) return;
  // A new file (created by this write) has an identity not known yet: read it whole next time.
  if (cached.completeLength === 0) {
    cache.delete(path);
    return;
  }
  remember(path, { ...cached, completeLength: cached.completeLength + byteLength, lines: cached.lines + appended.length, records: cached.records.concat(appended) });
}

/** Forgets `path` (after a failed write, whose effect on the file is unknown). */
export function forget(path: string): void {
  cache.delete(path);
}

function remember(path: string, entry: CachedFile): void {
  cache.delete(path);
  cache.set(path, entry);
  if (cache.size > MAX_FILES) cache.delete(cache.keys().next().value as string);
}
