// Loading a file the tools treat as text: a regular file, no larger than the limit, UTF-8
// without NUL bytes. Anything else is refused with a result that says why.
import type { ToolResult } from '../../core.js';
import { FileToolErrorCode, fileError, ioError } from '../../capabilities/shared/fileErrors.js';
import { decodeText } from '../../capabilities/shared/textBytes.js';
import { readBounded } from './readBounded.js';

/** A text file's content and what a rewrite must keep. */
export interface TextFile {
  readonly ok: true;
  readonly text: string;
  /** Permission bits, kept when the file is rewritten. */
  readonly mode: number;
}

/** Options of `loadTextFile`. */
export interface LoadTextOptions {
  maxBytes: number;
  /** Keep a leading byte order mark in `text` (for rewriting the file byte for byte). */
  keepBom?: boolean;
  /** What the caller would use instead of a directory. */
  directoryHint?: string;
}

/**
 * Reads a regular UTF-8 text file of at most `maxBytes` bytes, or explains why not.
 * @example await loadTextFile('/srv/repo/a.ts', 'a.ts', { maxBytes: 1_048_576 })
 */
export async function loadTextFile(real: string, display: string, options: LoadTextOptions): Promise<TextFile | { ok: false; result: ToolResult }> {
  let bytes: Buffer;
  let mode: number;
  try {
    const read = await readBounded(real, options.maxBytes);
    if (read.kind === 'directory') return refuse(FileToolErrorCode.notAFile, `${display} is a directory, not a file.${options.directoryHint ?? ''}`);
    if (read.kind === 'special') return refuse(FileToolErrorCode.notAFile, `${display} is not a regular file (a device, socket or pipe); it cannot be read as text.`);
    if (read.kind === 'large') return tooLarge(display, read.size, options.maxBytes);
    ({ bytes, mode } = read);
  } catch (error) {
    return { ok: false, result: ioError('read', display, error) };
  }
  const decoded = decodeText(bytes, { keepBom: options.keepBom === true });
  if (!decoded.ok) return refuse(FileToolErrorCode.binary, `${display} ${binaryWhy[decoded.reason]}; only UTF-8 text files can be read or edited.`);
  return { ok: true, text: decoded.text, mode };
}

const binaryWhy = { nul: 'is a binary file (it contains NUL bytes)', encoding: 'is not UTF-8 text' } as const;

function tooLarge(display: string, size: number, max: number): { ok: false; result: ToolResult } {
  return refuse(
    FileToolErrorCode.tooLarge,
    `${display} is ${size} bytes, more than the ${max} bytes these tools read. Use search_files to find the lines you need.`,
  );
}

function refuse(code: FileToolErrorCode, content: string): { ok: false; result: ToolResult } {
  return { ok: false, result: fileError(code, content) };
}
