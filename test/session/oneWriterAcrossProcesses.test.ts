// Two processes appending to one session: each append that resolved stays in the file. Before
// the cross-process lock, a writer took the other's half-written line for a torn write and cut it.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import { useTempDir } from './sessionTestKit.js';

const childScript = fileURLToPath(new URL('./concurrentWriter.child.ts', import.meta.url));
const APPENDS = 6;
// Large records make each write span many pages.
const SIZE = 200_000;

class Writer {
  readonly lines: string[] = [];
  readonly exited: Promise<void>;
  readonly #child: ChildProcessByStdio<Writable, Readable, Readable>;
  readonly #waiters: { prefix: string; resolve: () => void }[] = [];

  constructor(dir: string, readonly name: string, mode: 'pause' | 'plain') {
    const child = spawn(process.execPath, ['--import', 'tsx', childScript, dir, 's', name, String(APPENDS), String(SIZE), mode], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.#child = child;
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const reading = (async () => {
      for await (const line of createInterface({ input: child.stdout })) {
        this.lines.push(line);
        for (const waiter of this.#waiters.filter((candidate) => line.startsWith(candidate.prefix))) waiter.resolve();
      }
    })();
    this.exited = (async () => {
      const [code] = (await once(child, 'exit')) as [number | null];
      await reading;
      if (code !== 0) throw new Error(`writer ${name} exited with ${String(code)}:\n${this.lines.join('\n')}\n${stderr}`);
    })();
    this.exited.catch(() => undefined);
  }

  /** Resolves when the child prints a line starting with `prefix` (or already has). */
  said(prefix: string): Promise<void> {
    if (this.lines.some((line) => line.startsWith(prefix))) return Promise.resolve();
    return Promise.race([new Promise<void>((resolve) => this.#waiters.push({ prefix, resolve })), this.exited]);
  }

  tell(command: string): void {
    this.#child.stdin.write(`${command}\n`);
  }

  acknowledged(): string[] {
    return this.lines.filter((line) => line.startsWith('ack ')).map((line) => line.slice('ack '.length));
  }

  kill(): void {
    if (this.#child.exitCode === null) this.#child.kill('SIGKILL');
  }
}

describe('two processes appending to one session', () => {
  const dir = useTempDir();

  it('lose no acknowledged append, even one the other process starts while a line is half written', async () => {
    const paused = new Writer(dir(), 'a', 'pause');
    const other = new Writer(dir(), 'b', 'plain');
    try {
      await Promise.all([paused.said('ready'), other.said('ready')]);
      paused.tell('go');
      await paused.said('mid-write'); // a's first line is half in the file
      other.tell('go');
      await other.said('appending 0');
      // b now either waits for a's lock or (without one) finishes its append over a's half line.
      await Promise.race([other.said('ack b 0'), delay(300)]);
      paused.tell('continue');
      await Promise.all([paused.exited, other.exited]);
    } finally {
      paused.kill();
      other.kill();
    }

    expect((await readFile(join(dir(), 's.jsonl'), 'utf8')).endsWith('\n')).toBe(true);
    const stored = (await new FileSessionStore({ dir: dir() }).load('s')).map((message) => message.content.split(' ', 2).join(' '));
    for (const writer of [paused, other]) {
      expect(writer.acknowledged()).toHaveLength(APPENDS);
      expect(stored.filter((content) => content.startsWith(`${writer.name} `))).toEqual(writer.acknowledged());
    }
    expect(stored).toHaveLength(2 * APPENDS);
  });
});
