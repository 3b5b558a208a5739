// Node's system errors carry their errno name in `code` (ENOENT, EACCES, …).
import { describeError } from './coreHelpers.js';

/**
 * The `code` of a Node system error (`ENOENT`, `EACCES`, ...), or undefined.
 * @example errnoCode(Object.assign(new Error('x'), { code: 'ENOENT' })) // 'ENOENT'
 */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether a caught value is a system error with one of these codes.
 * @example
 * import { readFile } from 'node:fs/promises';
 * const text = await readFile('notes.txt', 'utf8').catch((error: unknown) => (hasErrnoCode(error, 'ENOENT', 'ENOTDIR') ? '' : Promise.reject(error)));
 */
export function hasErrnoCode(error: unknown, ...codes: string[]): boolean {
  const code = errnoCode(error);
  return code !== undefined && codes.includes(code);
}

/**
 * A one-line reason for a failed file-system or process call: the code and the message,
 * without the path Node appends (the caller names the path already).
 * @example errnoText(Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' })) // 'EACCES: permission denied'
 */
export function errnoText(error: unknown): string {
  if (!(error instanceof Error)) return describeError(error);
  const code = errnoCode(error);
  const message = error.message.replace(/, \w+ '.*'$/, '');
  return code !== undefined && !message.startsWith(code) ? `${code}: ${message}` : message;
}
