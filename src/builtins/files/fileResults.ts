// The error results of the file tools: each refusal has a stable code and a message that
// tells the model what to do instead.
import { ToolErrorCode, type ToolResult } from '../../core.js';
import { errnoText } from '../shared/errno.js';

/** Codes the file tools put on their own error results (besides `path_outside_root`). */
export const FileToolErrorCode = {
  pathOutsideRoot: ToolErrorCode.pathOutsideRoot,
  /** The path lies in a directory the tools were configured to refuse (`exclude`). */
  pathExcluded: 'path_excluded',
  notFound: 'file_not_found',
  notAFile: 'not_a_file',
  notADirectory: 'not_a_directory',
  binary: 'binary_file',
  tooLarge: 'file_too_large',
  invalidPattern: 'invalid_pattern',
  noMatch: 'edit_no_match',
  ambiguous: 'edit_ambiguous',
  noChange: 'edit_no_change',
  io: 'file_error',
} as const;
export type FileToolErrorCode = (typeof FileToolErrorCode)[keyof typeof FileToolErrorCode];

/**
 * An error result of a file tool.
 * @example fileError(FileToolErrorCode.notFound, 'src/x.ts does not exist.')
 */
export function fileError(code: FileToolErrorCode, content: string): ToolResult {
  return { content, isError: true, code };
}

/**
 * The result for a file-system call that failed for a reason no other code names.
 * @example
 * const error = Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
 * ioError('read', 'src/a.ts', error) // { code: 'file_error', content: 'Could not read src/a.ts: EACCES: …' }
 */
export function ioError(action: string, displayPath: string, error: unknown): ToolResult {
  return fileError(FileToolErrorCode.io, `Could not ${action} ${displayPath}: ${errnoText(error)}`);
}
