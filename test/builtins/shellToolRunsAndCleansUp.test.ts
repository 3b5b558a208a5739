// shell: `bash -c` in cwd, stdout and stderr in the order written, then `exit code N`;
// non-zero is command_failed; long output is cut in the middle; a timeout or a cancel kills
// the whole process group (background jobs and grandchildren), SIGKILL for those that
// ignore SIGTERM; a cancel settles at once instead of waiting for the grace.
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createShellTool, type ShellToolOptions, type ToolResult } from '../../src/index.js';
import { eventually, liveGroupMembers, toolContext, useSandbox } from './builtinsTestKit.js';

const linux = process.platform === 'linux';

async function run(options: ShellToolOptions, command: string, extra: { timeout_ms?: number; signal?: AbortSignal } = {}): Promise<ToolResult> {
  const tool = createShellTool(options);
  const args = extra.timeout_ms === undefined ? { command } : { command, timeout_ms: extra.timeout_ms };
  const result = await tool.execute(args, toolContext(extra.signal));
  return typeof result === 'string' ? { content: result } : result;
}

// The pid the command printed on its first line: its shell, the leader of its process group.
function firstLinePid(result: ToolResult): number {
  const pid = Number(result.content.split('\n')[0]);
  expect(pid).toBeGreaterThan(1);
  return pid;
}

// The pid a running command wrote to a file (the test's gate: the command has started).
async function writtenPid(file: string): Promise<number> {
  let text = '';
  const written = await eventually(async () => existsSync(file) && (text = await readFile(file, 'utf8')).endsWith('\n'));
  expect(written).toBe(true);
  return Number(text.trim());
}

describe('shell', () => {
  const sandbox = useSandbox();

  it('runs in cwd and ends its output with exit code 0', async () => {
    expect(await run({ cwd: sandbox().root }, 'pwd; echo hi')).toEqual({ content: `${sandbox().root}\nhi\nexit code 0` });
  });

  it('returns a non-zero exit as command_failed with its code', async () => {
    expect(await run({ cwd: sandbox().root }, 'echo partial; exit 3')).toEqual({ content: 'partial\nexit code 3', isError: true, code: 'command_failed' });
    expect(await run({ cwd: sandbox().root }, 'false')).toMatchObject({ content: 'exit code 1', code: 'command_failed' });
  });

  it('interleaves stderr with stdout in the order written', async () => {
    const result = await run({ cwd: sandbox().root }, 'echo one; echo two >&2; echo three; no-such-command-xyz');
    expect(result.content).toMatch(/^one\ntwo\nthree\n.*no-such-command-xyz: command not found\nexit code 127$/);
  });

  it('closes stdin and adds the env it was given', async () => {
    expect(await run({ cwd: sandbox().root, env: { GREETING: 'hello', HOME: '/elsewhere' } }, 'cat; echo "$GREETING ${HOME:-no home}"')).toEqual({
      content: 'hello /elsewhere\nexit code 0',
    });
  });

  it('cuts output beyond maxOutputBytes in the middle, keeping head and tail', async () => {
    // seq 1 1000 prints 3893 bytes (ASCII); the first 50 and the last 50 are kept.
    const full = Array.from({ length: 1000 }, (_, i) => `${i + 1}\n`).join('');
    const { content } = await run({ cwd: sandbox().root, maxOutputBytes: 100 }, 'seq 1 1000');
    expect(content).toBe(`${full.slice(0, 50)}\n[… 3793 bytes of output omitted …]\n${full.slice(-50)}exit code 0`);
  });

  it('cuts at whole UTF-8 characters', async () => {
    const { content } = await run({ cwd: sandbox().root, maxOutputBytes: 65 }, "for i in $(seq 1 100); do printf 'é'; done");
    expect(content).not.toContain('\uFFFD');
    expect(content).toMatch(/^é{16}\n\[… 136 bytes of output omitted …\]\né{16}\nexit code 0$/);
  });

  it.runIf(linux)('times out with code timeout and kills background jobs and grandchildren', async () => {
    const result = await run({ cwd: sandbox().root, killGraceMs: 5_000 }, 'echo $$; sleep 100 & (sleep 100 &); sleep 100; wait', { timeout_ms: 300 });
    expect(result).toMatchObject({ isError: true, code: 'timeout' });
    expect(result.content).toMatch(/\ntimed out after 300 ms: its processes were stopped with SIGTERM$/);
    expect(liveGroupMembers(firstLinePid(result))).toEqual([]); // at settle, not eventually
  });

  it.runIf(linux)('kills a command that ignores SIGTERM with SIGKILL after the grace', async () => {
    const result = await run({ cwd: sandbox().root, killGraceMs: 200 }, "trap '' TERM; echo $$; sleep 100 & sleep 100; wait", { timeout_ms: 200 });
    expect(result).toMatchObject({ isError: true, code: 'timeout' });
    expect(result.content).toContain('ignored SIGTERM and were killed with SIGKILL after 200 ms');
    expect(liveGroupMembers(firstLinePid(result))).toEqual([]);
  });

  it.runIf(linux)('does not let background jobs outlive a command that exits', async () => {
    const result = await run({ cwd: sandbox().root }, 'echo $$; sleep 100 > /dev/null 2>&1 & echo started');
    expect(result).toMatchObject({ content: expect.stringMatching(/\nstarted\nexit code 0$/) });
    expect(liveGroupMembers(firstLinePid(result))).toEqual([]);
  });

  it.runIf(linux)('on cancel settles at once and the whole group dies', async () => {
    const controller = new AbortController();
    const pending = run({ cwd: sandbox().root, killGraceMs: 5_000 }, `echo $$ > pid; sleep 100 & sleep 100; wait`, { signal: controller.signal });
    const pgid = await writtenPid(join(sandbox().root, 'pid'));
    expect(await eventually(() => liveGroupMembers(pgid).length === 3)).toBe(true); // the shell and both sleeps
    controller.abort();
    expect(await pending).toMatchObject({ isError: true, code: 'command_cancelled' });
    expect(await eventually(() => liveGroupMembers(pgid).length === 0)).toBe(true);
  });

  it.runIf(linux)('on cancel does not wait for the grace of processes that ignore SIGTERM', async () => {
    const controller = new AbortController();
    const pending = run({ cwd: sandbox().root, killGraceMs: 500 }, `trap '' TERM; sleep 100 & echo $$ > pid; wait`, { signal: controller.signal });
    const pgid = await writtenPid(join(sandbox().root, 'pid'));
    controller.abort();
    expect(await pending).toMatchObject({ code: 'command_cancelled' });
    expect(liveGroupMembers(pgid).length).toBeGreaterThan(0); // settled while they still ignore SIGTERM…
    expect(await eventually(() => liveGroupMembers(pgid).length === 0)).toBe(true); // …and SIGKILL follows
  });

  it('does not start a command when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    expect(await run({ cwd: sandbox().root }, 'touch ran', { signal: controller.signal })).toMatchObject({ code: 'command_cancelled' });
    expect(existsSync(join(sandbox().root, 'ran'))).toBe(false);
  });

  it('reports a command that cannot start (its cwd is gone) as command_failed', async () => {
    const cwd = join(sandbox().root, 'gone');
    await mkdir(cwd);
    const tool = createShellTool({ cwd });
    await rm(cwd, { recursive: true });
    const result = await tool.execute({ command: 'true' }, toolContext());
    expect(result).toMatchObject({ isError: true, code: 'command_failed', content: `the command could not be started: the working directory ${cwd} no longer exists` });
  });

  it('cuts a timeout_ms beyond 2^31−1 ms to timeoutMs instead of letting it fire at once', async () => {
    const result = await run({ cwd: sandbox().root, timeoutMs: 2 ** 31 - 1 }, 'sleep 0.2; echo done', { timeout_ms: 2 ** 40 });
    expect(result).toEqual({ content: 'done\nexit code 0' });
  });

  it('caps timeout_ms at the tool timeoutMs', async () => {
    const result = await run({ cwd: sandbox().root, timeoutMs: 200, killGraceMs: 100 }, 'sleep 100', { timeout_ms: 60_000 });
    expect(result).toMatchObject({ code: 'timeout', content: expect.stringContaining('timed out after 200 ms') });
  });
});
