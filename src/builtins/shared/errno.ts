// Node's system errors carry their errno name in `code` (ENOENT, EACCES, …).

/**
 * Whether a caught value is a system error with one of these codes.
 * @example
 * import { readFile } from 'node:fs/promises';
 * const text = await readFile('notes.txt', 'utf8').catch((error: unknown) => (hasErrnoCode(error, 'ENOENT', 'ENOTDIR') ? '' : Promise.reject(error)));
 */
export function hasErrnoCode(error: unknown, ...codes: string[]): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && codes.includes(code);
}

/**
 * A one-line reason for a failed file-system or process call, for a tool result.
 * @example errnoText(Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' })) // 'EACCES: permission denied'
 */
export function errnoText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const message = error.message.replace(/, \w+ '.*'$/, ''); // the path is already in the result
  return typeof code === 'string' && !message.startsWith(code) ? `${code}: ${message}` : message;
}
