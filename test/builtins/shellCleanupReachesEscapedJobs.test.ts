// A command's processes do not outlive the call even when they leave its process group:
// job control (`set -m`), setsid and setpgid put a background job in a group of its own, and
// the shell's exit re-parents it, but it keeps the call's mark in its environment and is
// stopped with the rest, on exit, on timeout (SIGKILL when it ignores SIGTERM) and on cancel.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShellTool, type ToolResult } from '../../src/index.js';
import { eventually, toolContext, useSandbox } from './builtinsTestKit.js';

const linux = process.platform === 'linux';

function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

// The pids the command printed, one per line, before "exit code".
const printedPids = (result: ToolResult): number[] => result.content.split('\n').filter((line) => /^\d+$/.test(line)).map(Number);

describe.runIf(linux)('shell cleanup reaches processes that left the group', () => {
  const sandbox = useSandbox();
  const run = (command: string, options: { killGraceMs?: number; timeout_ms?: number; signal?: AbortSignal } = {}) =>
    createShellTool({ cwd: sandbox().root, killGraceMs: options.killGraceMs ?? 2_000 }).execute(
      options.timeout_ms === undefined ? { command } : { command, timeout_ms: options.timeout_ms },
      toolContext(options.signal),
    ) as Promise<ToolResult>;

  it.each([
    ['job control (set -m)', 'set -m; sleep 100 > /dev/null 2>&1 & echo $!'],
    ['setsid', 'setsid sleep 100 > /dev/null 2>&1 & echo $!'],
    ['setpgid from a program (perl)', `perl -e 'setpgrp(0, 0); exec "sleep", "100"' > /dev/null 2>&1 & echo $!`],
    ['a double fork into a new session', '(setsid sh -c \'sleep 100 & echo $!\' > pid.txt 2>&1 < /dev/null &); sleep 0.2; cat pid.txt'],
  ])('stops a background job started with %s when the command exits', async (_, command) => {
    const result = await run(command);
    expect(result.content).toMatch(/exit code 0$/);
    const pids = printedPids(result);
    expect(pids).toHaveLength(1);
    expect(running(pids[0]!)).toBe(false); // at settle, not eventually
  });

  it('kills an escaped job that ignores SIGTERM after the grace, on timeout', async () => {
    const result = await run("set -m; (trap '' TERM; sleep 100; sleep 100) > /dev/null 2>&1 & echo $!; sleep 100", { killGraceMs: 200, timeout_ms: 300 });
    expect(result).toMatchObject({ isError: true, code: 'timeout', content: expect.stringContaining('killed with SIGKILL after 200 ms') });
    expect(running(printedPids(result)[0]!)).toBe(false);
  });

  it('stops an escaped job on cancel', async () => {
    const controller = new AbortController();
    const pending = run('set -m; sleep 100 > /dev/null 2>&1 & echo $! > job.pid; sleep 100', { signal: controller.signal });
    let job = 0;
    expect(await eventually(() => (job = Number(readFileSync(join(sandbox().root, 'job.pid'), { encoding: 'utf8', flag: 'a+' }))) > 0)).toBe(true);
    controller.abort();
    expect(await pending).toMatchObject({ code: 'command_cancelled' });
    expect(await eventually(() => !running(job))).toBe(true);
  });

  it('says in its description what the cleanup reaches', () => {
    expect(createShellTool({ cwd: sandbox().root }).description).toContain('even in another process group or session, unless started with a cleared environment (env -i)');
  });
});
