// The cross-process lease cases, for any store a worker can open by spec (file or PostgreSQL).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { storeFromSpec } from './storeFromSpec.js';

const child = fileURLToPath(new URL('./leaseWriter.child.ts', import.meta.url));

function startWriter(args: string[]): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', child, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
}

/** The writer's stdout lines; `next(until)` resolves with the lines up to the first that `until` accepts (all, at the end). */
function lineReader(writer: ChildProcessWithoutNullStreams): { next(until?: (line: string) => boolean): Promise<string[]> } {
  const lines: string[] = [];
  let ended = false;
  let wake = () => undefined as void;
  const rl = createInterface({ input: writer.stdout });
  rl.on('line', (line) => {
    lines.push(line);
    wake();
  });
  rl.on('close', () => {
    ended = true;
    wake();
  });
  return {
    async next(until) {
      const taken: string[] = [];
      for (;;) {
        while (lines.length > 0) {
          const line = lines.shift()!;
          taken.push(line);
          if (until?.(line)) return taken;
        }
        if (ended) return taken;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}

/** Two processes each take the session `count` times and append: every acknowledged append is there, once, whole. */
export async function expectNoLostAppendWithTwoWriters(spec: string, sessionId: string, count: number): Promise<void> {
  const writers = ['a', 'b'].map((runId) => startWriter([spec, sessionId, 'contend', runId, String(count)]));
  let stderr = '';
  for (const writer of writers) writer.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const [acksA, acksB] = await Promise.all(writers.map((writer) => lineReader(writer).next()));
  const exits = await Promise.all(writers.map((writer) => (writer.exitCode === null ? once(writer, 'exit') : [writer.exitCode])));
  expect(exits.map(([code]) => code), stderr).toEqual([0, 0]);
  const acknowledged = [...acksA!, ...acksB!].map((line) => line.replace(/^ack /, ''));
  expect(acknowledged).toHaveLength(2 * count);

  const { store, close } = storeFromSpec(spec);
  try {
    const contents = (await store.load(sessionId)).map((message) => message.content);
    expect([...contents].sort()).toEqual([...acknowledged].sort());
    expect(await store.loadRunState(sessionId)).toBeUndefined();
  } finally {
    await close();
  }
}

/** A live owner in another process is superseded by a takeover here: its next write is refused and never stored. */
export async function expectSupersededWriterRefused(spec: string, sessionId: string): Promise<void> {
  const writer = startWriter([spec, sessionId, 'hold', 'run-1']);
  let stderr = '';
  writer.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const lines = lineReader(writer);
  expect(await lines.next((line) => line === 'holding'), stderr).toContain('holding');

  const { store, close } = storeFromSpec(spec);
  try {
    await expect(store.acquire(sessionId, { runId: 'run-2', lockTimeoutMs: 50 })).rejects.toMatchObject({ code: 'session_locked' });
    const newer = await store.acquire(sessionId, { runId: 'run-1', takeOver: true, lockTimeoutMs: 0 });
    writer.stdin.end('write\n');
    const exited = once(writer, 'exit');
    expect(await lines.next((line) => line.startsWith('refused') || line === 'written')).toContain('refused session_superseded');
    await exited;
    await newer.append([{ role: 'assistant', content: 'from the newer owner' }]);
    await newer.finish('completed');
    expect((await store.load(sessionId)).map((message) => message.content)).toEqual(['run-1 before', 'from the newer owner']);
  } finally {
    await close();
  }
}
