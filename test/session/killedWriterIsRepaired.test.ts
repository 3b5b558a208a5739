import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/session/fileSessionStore.js';
import type { SessionRepair } from '../../src/session/fileSessionStore.js';
import { invariantViolation, useTempDir } from './sessionTestKit.js';

const child = fileURLToPath(new URL('./killedWriter.child.ts', import.meta.url));

describe('a writer killed with SIGKILL while its tool runs', () => {
  const dir = useTempDir();

  it('leaves a session that a fresh load returns valid, with the call interrupted', async () => {
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
    const messages = await new FileSessionStore({ dir: dir(), onRepair: (repair) => repairs.push(repair) }).load('s');

    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(messages[2]).toMatchObject({ toolCallId: 'c1', isError: true, code: 'interrupted' });
    expect(invariantViolation(messages)).toBeUndefined();
    expect(repairs).toHaveLength(1);
  });
});
