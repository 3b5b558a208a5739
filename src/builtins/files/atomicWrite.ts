// Writing a file so that readers (and a crash) only ever see the old content or the new
// one: write a temporary file in the same directory, flush it, then rename it over the
// target (rename within one file system replaces the name atomically).
import { randomBytes } from 'node:crypto';
import { open, rename, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The file-system calls of an atomic write: a test substitutes them to stop or fail between steps. */
export interface AtomicWriteSteps {
  open: typeof open;
  rename: typeof rename;
  unlink: typeof unlink;
}

const FILE_SYSTEM: AtomicWriteSteps = { open, rename, unlink };

/**
 * Replaces (or creates) the file at `path` with `data` atomically; `mode` keeps the permissions of the file it replaces.
 * @example await writeFileAtomically('/srv/repo/a.ts', 'export {};\n', 0o644)
 */
export async function writeFileAtomically(path: string, data: string, mode?: number, steps: AtomicWriteSteps = FILE_SYSTEM): Promise<void> {
  // Hidden, and short enough for any file system's name limit (255 bytes, not characters).
  const temp = join(dirname(path), `.${leadingBytes(basename(path), 100)}.${randomBytes(6).toString('hex')}.tmp`);
  let handle: FileHandle | undefined;
  try {
    handle = await steps.open(temp, 'wx', mode ?? 0o666);
    await handle.writeFile(data);
    if (mode !== undefined) await handle.chmod(mode); // the mode given to open is filtered by the umask
    await handle.sync();
    await handle.close();
    handle = undefined;
    await steps.rename(temp, path);
  } catch (error) {
    await handle?.close().catch(() => undefined);
    await steps.unlink(temp).catch(() => undefined);
    throw error;
  }
}

// The longest start of `name` that is at most `max` bytes in UTF-8, cut between characters.
function leadingBytes(name: string, max: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of name) {
    bytes += Buffer.byteLength(char);
    if (bytes > max) break;
    end += char.length;
  }
  return name.slice(0, end);
}
