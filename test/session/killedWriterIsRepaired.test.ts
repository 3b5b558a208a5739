import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { SessionRepair } from '../../src/session/leasedSessions.js';
import { invariantViolation, useTempDir } from './sessionTestKit.js';

const child = fileURLToPath(new URL('./killedWriter.child.ts', import.meta.url));

describe('a writer killed with SIGKILL while its tool runs', () => {
  const dir = useTempDir();

  it('leaves a session that loads as written, and that the next Run repairs as interrupted: its owner is provably gone', async () => {
    const writer = spawn(process.execPath, ['--import', 'tsx', child, dir(), 's'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(writer, 'exit');
    let output = '';
    for await (const chunk of writer.stdout) {
      output += String(chunk);
      if (output.includes('appended\n')) break; // the append was acknowledged
    }
    writer.kill('SIGKILL');
    expect((await exited)[1]).toBe('SIGKILL');

    const repairs: SessionRepair[] = [];
    const store = new FileSessionStore({ dir: dir(), onRepair: (repair) => repairs.push(repair) });
    const bytes = await readFile(join(dir(), 's.jsonl'));
    expect((await store.load('s')).map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(await store.loadRunState('s')).toMatchObject({ runId: 'killed', released: false, openCalls: [{ id: 'c1' }] });
    expect((await readFile(join(dir(), 's.jsonl'))).equals(bytes)).toBe(true);

    const lease = await store.acquire('s', { runId: 'next', lockTimeoutMs: 0 });
    const messages = await store.load('s');
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(messages[2]).toMatchObject({ toolCallId: 'c1', isError: true, code: 'interrupted' });
    expect(invariantViolation(messages)).toBeUndefined();
    expect(repairs).toHaveLength(1);
    expect(lease.repaired).toEqual(repairs[0]?.repaired);
  });
});
