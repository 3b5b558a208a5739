// Reading a file the tools found, with a byte cap that does not trust the size the file
// system reports (a /proc file says 0 and has no end; a file may grow while it is read).
// The real path is opened without following a last link (a file swapped for a link after it
// was confined fails with ELOOP), and without blocking (a FIFO is refused, not waited on).
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';

/** What was found at the path: a regular file's bytes (or that it is too large), or another kind. */
export type BoundedRead =
  | { readonly kind: 'file'; readonly bytes: Buffer; readonly mode: number }
  | { readonly kind: 'large'; readonly size: number }
  | { readonly kind: 'directory' }
  | { readonly kind: 'special' };

const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const NON_BLOCKING = constants.O_NONBLOCK ?? 0;

/**
 * Reads at most `maxBytes` bytes of a regular file; more means `large` (it throws only for I/O errors).
 * @example await readBounded('/srv/repo/a.ts', 1_048_576) // { kind: 'file', bytes, mode: 0o644 }
 */
export async function readBounded(real: string, maxBytes: number): Promise<BoundedRead> {
  let handle;
  try {
    handle = await open(real, constants.O_RDONLY | NO_FOLLOW | NON_BLOCKING);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'EISDIR') return { kind: 'directory' };
    throw error;
  }
  try {
    const info = await handle.stat();
    if (info.isDirectory()) return { kind: 'directory' };
    if (!info.isFile()) return { kind: 'special' };
    if (info.size > maxBytes) return { kind: 'large', size: info.size };
    // Up to one byte more than allowed, which tells a file that is too large from one that
    // fits exactly; the buffer starts at the reported size and grows only if the file does.
    const limit = maxBytes + 1;
    let buffer = Buffer.alloc(Math.min(limit, Math.max(info.size + 1, 8 * 1024)));
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        if (buffer.length === limit) break;
        const grown = Buffer.alloc(Math.min(limit, buffer.length * 2));
        buffer.copy(grown);
        buffer = grown;
      }
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > maxBytes) return { kind: 'large', size: Math.max(info.size, length) };
    return { kind: 'file', bytes: buffer.subarray(0, length), mode: info.mode & 0o7777 };
  } finally {
    await handle.close();
  }
}
