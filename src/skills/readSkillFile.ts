// Reading a file of a skill, confined to the skill folder by the same policy as the file
// tools (capabilities/shared/confinement.ts), then read as text.
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { confine, resolveRoot } from '../capabilities/shared/confinement.js';
import { errnoCode, errnoText } from '../capabilities/shared/errno.js';
import { decodeText } from '../capabilities/shared/textBytes.js';
import { SkillToolErrorCode } from './skillToolCodes.js';

/** The file's text, or an error code with a sentence about the path. */
export type SkillFileRead = { ok: true; text: string } | { ok: false; code: SkillToolErrorCode; message: string; size?: number };

/**
 * Reads `file` (relative to the skill folder `root`) as UTF-8 text of at most `maxBytes` bytes.
 * Never throws: every refusal is a code and a message.
 * @example const read = await readSkillFile('/repo/.agents/skills/pdf', 'references/forms.md', 262144)
 */
export async function readSkillFile(root: string, file: string, maxBytes: number): Promise<SkillFileRead> {
  const quoted = JSON.stringify(file);
  let target;
  try {
    target = await confine(await resolveRoot(root, 'the skill folder'), file);
  } catch (error) {
    if (errnoCode(error) === 'ENOENT') return { ok: false, code: SkillToolErrorCode.fileNotFound, message: `${quoted} does not exist (the skill folder is gone).` };
    return { ok: false, code: SkillToolErrorCode.readFailed, message: `${quoted} cannot be read (${errnoText(error)}).` };
  }
  if (!target.ok) return { ok: false, code: target.result.code as SkillToolErrorCode, message: target.result.content };
  if (!target.exists) return { ok: false, code: SkillToolErrorCode.fileNotFound, message: `${quoted} does not exist.` };
  if (target.display === '.') return { ok: false, code: SkillToolErrorCode.notAFile, message: `${quoted} is the skill folder itself, not a file.` };
  return readRegularText(target.real, quoted, maxBytes);
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
    return refuse(SkillToolErrorCode.readFailed, `${quoted} cannot be read (${errnoText(error)}).`);
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
