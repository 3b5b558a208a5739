// Node's filesystem errors reduced to what a sentence needs: the code, when there is one.

/**
 * The `code` of a Node filesystem error (`ENOENT`, `EACCES`, ...), or undefined.
 * @example errnoCode(Object.assign(new Error('x'), { code: 'ENOENT' })) // 'ENOENT'
 */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  return typeof error.code === 'string' ? error.code : undefined;
}

/**
 * A short description of a filesystem error for a reason or a result: its code, else its message.
 * @example describeFsError(Object.assign(new Error('x'), { code: 'EACCES' })) // 'EACCES'
 */
export function describeFsError(error: unknown): string {
  return errnoCode(error) ?? (error instanceof Error ? error.message : String(error));
}
