// Session ids become file names, so only a safe, portable subset of characters is accepted.
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';

const SESSION_ID = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;
const ALLOWED_CHAR = /^[A-Za-z0-9._-]$/;
const MAX_LENGTH = 128;

/**
 * Throws a `SessionError` (`invalid_session_id`) unless `id` matches `^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$`.
 * @example
 * assertSessionId('user-42.chat'); // passes
 * assertSessionId('../etc/passwd'); // throws SessionError
 */
export function assertSessionId(id: unknown): asserts id is string {
  if (typeof id === 'string' && SESSION_ID.test(id)) return;
  throw new SessionError(SessionErrorCode.invalidSessionId, `Invalid session id ${show(id)}: ${problem(id)}`);
}

function show(id: unknown): string {
  if (typeof id !== 'string') return `(${id === null ? 'null' : typeof id})`;
  return JSON.stringify(id.length > 40 ? `${id.slice(0, 40)}…` : id);
}

function problem(id: unknown): string {
  if (typeof id !== 'string') return 'a session id must be a string';
  if (id === '') return 'it is empty';
  if (id.length > MAX_LENGTH) return `it is ${id.length} characters long; at most ${MAX_LENGTH} are allowed`;
  if (id.startsWith('.')) return 'it must not start with "." (this also rules out "." and "..")';
  let index = 0;
  for (const char of id) {
    if (!ALLOWED_CHAR.test(char)) {
      return `it contains ${JSON.stringify(char)} at index ${index}; only ASCII letters, digits, ".", "_" and "-" are allowed`;
    }
    index += char.length;
  }
  return 'it does not match ^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$';
}
