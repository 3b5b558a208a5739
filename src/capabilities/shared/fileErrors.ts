// The error results of the tools that read files (the file tools and the Skill tool): each
// refusal has a stable code and a message that tells the model what to do instead.
import type { ToolResult } from '../../core.js';
import { errnoText } from './errno.js';

/** Codes the file tools (and, for reading, the Skill tool) put on their own error results. */
export const FileToolErrorCode = {
  /** The path, as written or after its links are resolved, leads outside the root. */
  pathOutsideRoot: 'path_outside_root',
  /** The path lies in a directory the tools were configured to refuse (`exclude`). */
  pathExcluded: 'path_excluded',
  /** The path holds a NUL character. */
  invalidPath: 'invalid_path',
  notFound: 'file_not_found',
  notAFile: 'not_a_file',
  notADirectory: 'not_a_directory',
  /** The file holds a NUL byte or is not valid UTF-8 (see textBytes.ts). */
  binary: 'binary_file',
  tooLarge: 'file_too_large',
  invalidPattern: 'invalid_pattern',
  noMatch: 'edit_no_match',
  ambiguous: 'edit_ambiguous',
  noChange: 'edit_no_change',
  /** The file system refused the call (permissions, I/O) for a reason no other code names. */
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
