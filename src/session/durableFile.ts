// The file system side of FileSessionStore: durable appends of complete lines, after
// cutting off a torn last line, and fsync of the directories whose entries changed.
import { constants } from 'node:fs';
import { mkdir, open, readFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { NEWLINE, isCompleteLastLine } from './jsonlCodec.js';

const APPEND = constants.O_RDWR | constants.O_APPEND;
const CREATE = APPEND | constants.O_CREAT | constants.O_EXCL;
// Sessions hold whole conversations, tool arguments and results: private by default.
const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
const CHUNK = 64 * 1024;

/** The file's bytes, or `undefined` when it does not exist. */
export async function readIfExists(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return undefined;
    throw error;
  }
}

/**
 * Appends `data` (complete lines) in one write and fsyncs before resolving. A torn last
 * line is cut off first; a new file (and any directory created for it) has its directory
 * entry fsynced too. If the write fails, the file is cut back to where it was.
 */
export async function appendDurably(path: string, data: Uint8Array): Promise<void> {
  if (data.length === 0) return;
  const { handle, created } = await openForAppend(path);
  try {
    const size = (await handle.stat()).size;
    const end = created ? 0 : await completeLength(handle, size);
    if (end < size) await handle.truncate(end);
    try {
      await writeAll(handle, data);
    } catch (error) {
      await handle.truncate(end).catch(() => undefined);
      throw error;
    }
    await handle.sync();
  } finally {
    await handle.close();
  }
  if (created) await syncDirectory(dirname(path));
}

async function openForAppend(path: string): Promise<{ handle: FileHandle; created: boolean }> {
  try {
    return { handle: await open(path, APPEND), created: false };
  } catch (error) {
    if (!hasCode(error, 'ENOENT')) throw error;
  }
  await makeDirectory(dirname(path));
  try {
    return { handle: await open(path, CREATE, FILE_MODE), created: true };
  } catch (error) {
    if (!hasCode(error, 'EEXIST')) throw error;
    return { handle: await open(path, APPEND), created: false };
  }
}

// Creates `dir` and its missing ancestors, then fsyncs the parent of each one created.
async function makeDirectory(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: DIR_MODE });
  if (first === undefined) return;
  const parents: string[] = [];
  for (let created = dir; ; created = dirname(created)) {
    parents.unshift(dirname(created));
    if (created === first || dirname(created) === created) break;
  }
  for (const parent of parents) await syncDirectory(parent);
}

async function syncDirectory(dir: string): Promise<void> {
  if (process.platform === 'win32') return; // Windows cannot open a directory to fsync it
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// Where the complete lines end: `size`, or the start of a torn last line.
async function completeLength(handle: FileHandle, size: number): Promise<number> {
  if (size === 0) return 0;
  const endsWithNewline = (await readAt(handle, size - 1, 1))[0] === NEWLINE;
  const last = await lastLine(handle, endsWithNewline ? size - 1 : size);
  return isCompleteLastLine(last.bytes, endsWithNewline) ? size : last.start;
}

// The line that ends at `end` (exclusive), reading backwards chunk by chunk.
async function lastLine(handle: FileHandle, end: number): Promise<{ start: number; bytes: Buffer }> {
  const chunks: Buffer[] = [];
  for (let to = end; to > 0; ) {
    const from = Math.max(0, to - CHUNK);
    const chunk = await readAt(handle, from, to - from);
    const newline = chunk.lastIndexOf(NEWLINE);
    if (newline !== -1) {
      chunks.unshift(chunk.subarray(newline + 1));
      return { start: from + newline + 1, bytes: Buffer.concat(chunks) };
    }
    chunks.unshift(chunk);
    to = from;
  }
  return { start: 0, bytes: Buffer.concat(chunks) };
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let filled = 0;
  while (filled < length) {
    const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return buffer.subarray(0, filled);
}

async function writeAll(handle: FileHandle, data: Uint8Array): Promise<void> {
  for (let offset = 0; offset < data.length; ) {
    const { bytesWritten } = await handle.write(data, offset, data.length - offset);
    if (bytesWritten === 0) throw new Error('the file system accepted no bytes');
    offset += bytesWritten;
  }
}

function hasCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === code;
}
