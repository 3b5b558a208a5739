// Ids for sessions the CLI starts: sortable by time, unique enough, valid session ids.
import { randomBytes } from 'node:crypto';

/**
 * A new session id such as `2026-12-01T05-02-03-a1b2c3`.
 * @example newSessionId() // '2026-12-01T05-02-03-a1b2c3'
 */
export function newSessionId(now: Date = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replace(/:/g, '-');
  return `${stamp}-${randomBytes(3).toString('hex')}`;
}
