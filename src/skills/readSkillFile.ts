// Reading a file of a skill, confined to the skill folder: the path is checked as written
// (no absolute path, no `..`), then again after links are resolved, then read as text.
import { constants } from 'node:fs';
import { open, realpath, type FileHandle } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep, win32 } from 'node:path';
import { describeFsError, errnoCode } from './fsErrors.js';
import { SkillToolErrorCode } from './skillToolCodes.js';
import { decodeText } from './utf8Text.js';

/** The file's text, or an error code with a sentence about the path. */
export type SkillFileRead = { ok: true; text: string } | { ok: false; code: SkillToolErrorCode; message: string; size?: number };

/**
 * Reads `file` (relative to the skill folder `root`) as UTF-8 text of at most `maxBytes` bytes.
 * Never throws: every refusal is a code and a message.
 * @example const read = await readSkillFile('/repo/.agents/skills/pdf', 'references/forms.md', 262144)
 */
export async function readSkillFile(root: string, file: string, maxBytes: number): Promise<SkillFileRead> {
  const refuse = (code: SkillToolErrorCode, message: string): SkillFileRead => ({ ok: false, code, message });
  const quoted = JSON.stringify(file);
  const written = checkWrittenPath(file);
  if (written !== undefined) return refuse(written.code, `${quoted} ${written.message}`);

  let realRoot: string;
  let realTarget: string;
  try {
    realRoot = await realpath(root);
    realTarget = await realpath(resolve(realRoot, file));
  } catch (error) {
    const code = errnoCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return refuse(SkillToolErrorCode.fileNotFound, `${quoted} does not exist.`);
    return refuse(SkillToolErrorCode.readFailed, `${quoted} cannot be read (${describeFsError(error)}).`);
  }
  const inside = relative(realRoot, realTarget);
  if (inside === '') return refuse(SkillToolErrorCode.notAFile, `${quoted} is the skill folder itself, not a file.`);
  if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) {
    return refuse(SkillToolErrorCode.pathOutsideRoot, `${quoted} leads outside the skill folder (through a link).`);
  }
  return readRegularText(realTarget, quoted, maxBytes);
}

/** Refusals decided from the path as written, before the filesystem is asked. */
function checkWrittenPath(file: string): { code: SkillToolErrorCode; message: string } | undefined {
  if (file.length === 0) return { code: SkillToolErrorCode.invalidPath, message: 'is empty; give a path relative to the skill folder.' };
  if (file.includes('\0')) return { code: SkillToolErrorCode.invalidPath, message: 'contains a NUL character.' };
  // Both separators and Windows drive paths, so the refusal does not depend on the platform.
  if (isAbsolute(file) || win32.isAbsolute(file)) {
    return { code: SkillToolErrorCode.pathOutsideRoot, message: 'is absolute; give a path relative to the skill folder.' };
  }
  if (file.split(/[\\/]/).includes('..')) {
    return { code: SkillToolErrorCode.pathOutsideRoot, message: 'contains "..": files outside the skill folder are not readable.' };
  }
  return undefined;
}

async function readRegularText(path: string, quoted: string, maxBytes: number): Promise<SkillFileRead> {
  const refuse = (code: SkillToolErrorCode, message: string): SkillFileRead => ({ ok: false, code, message });
  let bytes: Buffer | number;
  try {
    // O_NONBLOCK: opening a FIFO must not hang the call; it is refused below as not a file.
    // O_NOFOLLOW: the path is real; a file swapped for a link since then fails instead of leading out.
    const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
    try {
      const info = await handle.stat();
      if (!info.isFile()) return refuse(SkillToolErrorCode.notAFile, `${quoted} is not a regular file (a directory or a device).`);
      if (info.size > maxBytes) return { ok: false, code: SkillToolErrorCode.fileTooLarge, message: tooLarge(quoted, info.size, maxBytes), size: info.size };
      bytes = await readAtMost(handle, maxBytes);
    } finally {
      await handle.close();
    }
  } catch (error) {
    if (errnoCode(error) === 'EISDIR') return refuse(SkillToolErrorCode.notAFile, `${quoted} is a directory, not a file.`);
    return refuse(SkillToolErrorCode.readFailed, `${quoted} cannot be read (${describeFsError(error)}).`);
  }
  // The reported size is not trusted: a /proc file says 0, and a file may grow while it is read.
  if (typeof bytes === 'number') return refuse(SkillToolErrorCode.fileTooLarge, `${quoted} holds more than ${maxBytes} bytes; files over ${maxBytes} bytes are not returned.`);
  const decoded = decodeText(bytes);
  if (!decoded.ok) return refuse(SkillToolErrorCode.binaryFile, `${quoted} is a binary file (not UTF-8 text); only text files are returned.`);
  return { ok: true, text: decoded.text };
}

// The file's bytes when there are at most `maxBytes` of them, else how many were read (more):
// reading stops past the cap whatever size was reported. Whole chunks, because some kernel
// files (pagemap) only serve reads of a multiple of their record size.
async function readAtMost(handle: FileHandle, maxBytes: number): Promise<Buffer | number> {
  const chunks: Buffer[] = [];
  let total = 0;
  while (total <= maxBytes) {
    const chunk = Buffer.alloc(CHUNK_BYTES);
    const { bytesRead } = await handle.read(chunk, 0, CHUNK_BYTES, null);
    if (bytesRead === 0) return Buffer.concat(chunks, total);
    chunks.push(chunk.subarray(0, bytesRead));
    total += bytesRead;
  }
  return total;
}

const CHUNK_BYTES = 64 * 1024;

const tooLarge = (quoted: string, size: number, maxBytes: number): string =>
  `${quoted} is ${size} bytes; files over ${maxBytes} bytes are not returned.`;
