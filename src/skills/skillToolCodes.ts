// Codes of the `skill` tool's own error results; `path_outside_root` is the core's code.
import { ToolErrorCode } from '../core.js';

/** Stable codes an error result of the `skill` tool may carry. */
export const SkillToolErrorCode = {
  /** No loaded skill has that name; the message lists the ones that exist. */
  unknownSkill: 'unknown_skill',
  /** `file` is empty or holds a NUL character. */
  invalidPath: 'invalid_path',
  /** `file` is absolute, has a `..` segment, or is a link whose target leaves the skill folder. */
  pathOutsideRoot: ToolErrorCode.pathOutsideRoot,
  /** Nothing exists at `file` inside the skill folder. */
  fileNotFound: 'file_not_found',
  /** `file` names a directory or another thing that is not a regular file. */
  notAFile: 'not_a_file',
  /** The file holds a NUL byte or is not valid UTF-8. */
  binaryFile: 'binary_file',
  /** The file is larger than the tool's `maxFileBytes`. */
  fileTooLarge: 'file_too_large',
  /** The filesystem refused the read (permissions, I/O); the same code as the built-in file tools. */
  readFailed: 'file_error',
} as const;
export type SkillToolErrorCode = (typeof SkillToolErrorCode)[keyof typeof SkillToolErrorCode];
