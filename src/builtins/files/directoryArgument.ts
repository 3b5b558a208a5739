// The optional `path` argument of list_files and search_files: a directory (or, for
// search_files, a file) inside the root.
import type { ToolResult } from '../../core.js';
import { stat } from 'node:fs/promises';
import { confine, type ConfinedPath, type FileRoot } from '../../capabilities/shared/confinement.js';
import { FileToolErrorCode, fileError, ioError } from '../../capabilities/shared/fileErrors.js';

/**
 * The confined path with what it is, or the result that refuses it.
 * @example
 * import { openRoot } from '../../capabilities/shared/confinement.js';
 * await searchBase(openRoot('/srv/repo'), 'src') // { ok: true, path: {...}, isDirectory: true }
 */
export async function searchBase(
  root: FileRoot,
  input: string | undefined,
): Promise<{ ok: true; path: ConfinedPath; isDirectory: boolean } | { ok: false; result: ToolResult }> {
  const path = await confine(root, input ?? '.');
  if (!path.ok) return path;
  if (!path.exists) return { ok: false, result: fileError(FileToolErrorCode.notFound, `${path.display} does not exist.`) };
  try {
    return { ok: true, path, isDirectory: (await stat(path.real)).isDirectory() };
  } catch (error) {
    return { ok: false, result: ioError('read', path.display, error) };
  }
}
