// Codes of the `skill` tool's error results: its own, and those it shares with the file
// tools because it reads files by the same rules.
import { FileToolErrorCode } from '../capabilities/shared/fileErrors.js';

/** Stable codes an error result of the `skill` tool may carry. */
export const SkillToolErrorCode = {
  /** No loaded skill has that name; the message lists the ones that exist. */
  unknownSkill: 'unknown_skill',
  /** `file` holds a NUL character. */
  invalidPath: FileToolErrorCode.invalidPath,
  /** `file` leads outside the skill folder, as written (`..`, an absolute path elsewhere) or through a link. */
  pathOutsideRoot: FileToolErrorCode.pathOutsideRoot,
  /** Nothing exists at `file` inside the skill folder. */
  fileNotFound: FileToolErrorCode.notFound,
  /** `file` names a directory or another thing that is not a regular file. */
  notAFile: FileToolErrorCode.notAFile,
  /** The file holds a NUL byte or is not valid UTF-8. */
  binaryFile: FileToolErrorCode.binary,
  /** The file is larger than the tool's `maxFileBytes`. */
  fileTooLarge: FileToolErrorCode.tooLarge,
  /** The filesystem refused the read (permissions, I/O). */
  readFailed: FileToolErrorCode.io,
} as const;
export type SkillToolErrorCode = (typeof SkillToolErrorCode)[keyof typeof SkillToolErrorCode];
