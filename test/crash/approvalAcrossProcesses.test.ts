// An approval requested in one process is answered in another: the first process dies while its
// call waits for a person; a second resumes the Run from the store alone, is asked again, gets
// APPROVE, and the tool runs once.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { FileSessionStore } from '../../src/index.js';
import { useTempDir } from '../session/sessionTestKit.js';
import { invariantViolation } from '../session/sessionTestKit.js';
import { readLedger } from './effectLedger.js';

const worker = fileURLToPath(new URL('./approvalAcrossProcesses.child.ts', import.meta.url));

async function runChild(dir: string, ledger: string, mode: 'ask' | 'answer'): Promise<{ stdout: string; signal: string | null }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', worker, dir, ledger, mode]);
    return { stdout, signal: null };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; signal?: string | null };
    if (failed.signal !== 'SIGKILL') throw new Error(`worker ${mode} failed: ${failed.stderr ?? String(error)}`);
    return { stdout: failed.stdout ?? '', signal: failed.signal };
  }
}

describe('an approval requested in one process', () => {
  const dir = useTempDir();

  it('is answered in another (resume, then APPROVE), and the tool runs once', async () => {
    const ledger = join(dir(), 'effects.ledger'); // not a .jsonl: the directory is the store's
    const asked = await runChild(dir(), ledger, 'ask');
    expect(asked).toMatchObject({ signal: 'SIGKILL', stdout: 'awaiting mail_1\n' });
    expect(readLedger(ledger)).toEqual([]);

    const answered = await runChild(dir(), ledger, 'answer');
    const lines = answered.stdout.trim().split('\n');
    expect(lines[0]).toBe('event run.resumed');
    expect(lines).toContain('event tool.approval_requested');
    const output = JSON.parse(lines.at(-1)!.slice('output '.length)) as { status: string; text: string };
    expect(output).toMatchObject({ status: 'completed', text: 'mail sent' });
    expect(readLedger(ledger).map((entry) => entry.tool)).toEqual(['send_mail']);

    const messages = await new FileSessionStore({ dir: dir() }).load('approval');
    expect(invariantViolation(messages)).toBeUndefined();
    expect(messages.filter((message) => message.role === 'tool')).toMatchObject([{ toolCallId: 'mail_1', content: 'sent', isError: false }]);
  });
});
