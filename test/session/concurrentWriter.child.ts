// Run by oneWriterAcrossProcesses.test.ts. Appends `count` user messages of `size` characters
// to one session once told "go" on stdin, printing "appending <index>" before each append and
// "ack <writer> <index>" once it resolved (was acknowledged as durable). With "pause", its
// first append stops halfway through its write, prints "mid-write" and waits for "continue":
// another process can then try to append while this one's line is half written.
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';

const [dir, sessionId, writer, count, size, mode] = process.argv.slice(2) as [string, string, string, string, string, string];
const commands = createInterface({ input: process.stdin })[Symbol.asyncIterator]();
const command = async (expected: string): Promise<void> => {
  const { value } = await commands.next();
  if (value !== expected) throw new Error(`expected "${expected}" on stdin, got ${String(value)}`);
};

if (mode === 'pause') await pauseFirstWriteHalfway();
const store = new FileSessionStore({ dir, lockTimeoutMs: 60_000 });
process.stdout.write('ready\n');
await command('go');
for (let index = 0; index < Number(count); index += 1) {
  process.stdout.write(`appending ${index}\n`);
  await store.append(sessionId, [{ role: 'user', content: `${writer} ${index} ${'x'.repeat(Number(size))}` }]);
  process.stdout.write(`ack ${writer} ${index}\n`);
}
process.exit(0);

async function pauseFirstWriteHalfway(): Promise<void> {
  const probe = await open(join(dir, `probe-${writer}`), 'w');
  type Write = (this: unknown, data: Uint8Array, offset: number, length: number, ...rest: unknown[]) => Promise<{ bytesWritten: number }>;
  const prototype = Object.getPrototypeOf(probe) as { write: Write };
  await probe.close();
  const write = prototype.write;
  let paused = false;
  prototype.write = async function (this: unknown, data, offset, length, ...rest) {
    if (paused || length < 10_000) return write.call(this, data, offset, length, ...rest);
    paused = true;
    const half = await write.call(this, data, offset, Math.floor(length / 2), ...rest);
    process.stdout.write('mid-write\n');
    await command('continue');
    return half; // the caller writes the rest, as after any short write
  };
}
