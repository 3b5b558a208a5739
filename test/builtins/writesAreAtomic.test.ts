// edit_file and write_file publish a new content only by renaming a complete temporary file
// (in the same directory) over the target: before the rename the target is the old file, a
// failure leaves it untouched without a temporary file, and a process killed in the middle
// of writing leaves either the old or the new content, never part of one.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import * as fs from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { writeFileAtomically, type AtomicWriteSteps } from '../../src/builtins/files/atomicWrite.js';
import { useSandbox, writeFiles } from './builtinsTestKit.js';

const child = fileURLToPath(new URL('./atomicWriter.child.ts', import.meta.url));

function stepsWith(beforeRename: (from: string, to: string) => Promise<void>): AtomicWriteSteps {
  return {
    open: fs.open,
    unlink: fs.unlink,
    rename: async (from, to) => {
      await beforeRename(String(from), String(to));
      return fs.rename(from, to);
    },
  };
}

describe('atomic writes', () => {
  const sandbox = useSandbox();

  it('only the rename of a complete temporary file in the same directory publishes the new content', async () => {
    const target = join(sandbox().root, 'f.txt');
    await writeFiles(sandbox().root, { 'f.txt': 'old line\n' });
    const seen: unknown[] = [];
    const steps = stepsWith(async (from, to) => {
      seen.push({ target: await fs.readFile(to, 'utf8'), temp: await fs.readFile(from, 'utf8'), sameDir: from.startsWith(`${sandbox().root}/.f.txt.`) });
    });
    await writeFileAtomically(target, 'new line\n', 0o644, steps);
    expect(seen).toEqual([{ target: 'old line\n', temp: 'new line\n', sameDir: true }]);
    expect(await fs.readFile(target, 'utf8')).toBe('new line\n');
    expect(await fs.readdir(sandbox().root)).toEqual(['f.txt']);
  });

  it('a failed rename leaves the old content and no temporary file', async () => {
    const target = join(sandbox().root, 'f.txt');
    await writeFiles(sandbox().root, { 'f.txt': 'old line\n' });
    const steps = stepsWith(() => Promise.reject(Object.assign(new Error('EIO: i/o error, rename'), { code: 'EIO' })));
    await expect(writeFileAtomically(target, 'new line\n', undefined, steps)).rejects.toThrow('EIO');
    expect(await fs.readFile(target, 'utf8')).toBe('old line\n');
    expect(await fs.readdir(sandbox().root)).toEqual(['f.txt']);
  });

  it('a failed write leaves the old content and no temporary file', async () => {
    const target = join(sandbox().root, 'f.txt');
    await writeFiles(sandbox().root, { 'f.txt': 'old line\n' });
    const failingWrite: AtomicWriteSteps = {
      ...stepsWith(() => Promise.resolve()),
      open: (async (...args: Parameters<typeof fs.open>) => {
        const handle = await fs.open(...args);
        handle.writeFile = async () => {
          await fs.appendFile(String(args[0]), 'new l'); // half written, then the disk fills up
          throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
        };
        return handle;
      }) as typeof fs.open,
    };
    await expect(writeFileAtomically(target, 'new line\n', undefined, failingWrite)).rejects.toThrow('ENOSPC');
    expect(await fs.readFile(target, 'utf8')).toBe('old line\n');
    expect(await fs.readdir(sandbox().root)).toEqual(['f.txt']);
  });

  it('a writer killed with SIGKILL mid-write leaves the old or the new content', async () => {
    const root = sandbox().root;
    const writer = spawn(process.execPath, ['--import', 'tsx', child, root], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(writer, 'exit');
    for await (const chunk of writer.stdout) if (String(chunk).includes('written')) break; // the second write has begun
    writer.kill('SIGKILL');
    expect((await exited)[1]).toBe('SIGKILL');
    const content = await fs.readFile(join(root, 'big.txt'), 'utf8');
    expect(content.length).toBe(1024 * 1024);
    expect(content === 'A'.repeat(content.length) || content === 'B'.repeat(content.length)).toBe(true);
  });
});
