// Running one command line: `<shell> -c` in its own process group (detached), with a mark in
// its environment, stdin from /dev/null, stdout and stderr in one stream, a timeout, and
// cancellation by a signal. Whatever way it ends, no process of the group, and no process
// carrying the mark, is left running.
import { spawn, type ChildProcess } from 'node:child_process';
import { stopGroup, type GroupStop } from '../../capabilities/shared/processGroups.js';
import { markedProcesses, newCallMark } from './markedProcesses.js';
import { OutputBuffer } from './outputBuffer.js';

/** A command's processes: its process group and the mark its environment carries. */
interface CommandProcesses {
  readonly pgid: number;
  /** `NAME=value` in the environment of every process the command started. */
  readonly mark: string;
}

/** What to run and the bounds to run it in. */
export interface CommandSpec {
  shell: string;
  command: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  killGraceMs: number;
  maxOutputBytes: number;
  signal: AbortSignal;
}

/** How a command ended, with its output (cut in the middle beyond the limit). */
export type CommandOutcome =
  | { kind: 'exited'; output: string; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'timedOut'; output: string; stop: Exclude<GroupStop, 'exited'> }
  | { kind: 'cancelled'; output: string }
  | { kind: 'notStarted'; output: string; error: unknown };

// The shell re-executes itself with stderr joined to stdout, so the output keeps the order
// in which it was written (two pipes would only keep the order in which they were read).
const JOIN_STDERR = 'exec "$0" -c "$1" 2>&1';
// After the processes are gone the pipes close at once, unless one escaped (it dropped the
// call's mark) with a copy of them: do not wait for it.
const CLOSE_WAIT_MS = 200;

/**
 * Runs `spec.command` and resolves how it ended (it rejects only if the group cannot be signalled).
 * @example await runCommand({ shell: '/bin/bash', command: 'ls', cwd: '/srv/repo', env: process.env, timeoutMs: 120_000, killGraceMs: 2_000, maxOutputBytes: 30_000, signal: new AbortController().signal })
 */
export async function runCommand(spec: CommandSpec): Promise<CommandOutcome> {
  if (spec.signal.aborted) return { kind: 'cancelled', output: '' };
  const output = new OutputBuffer(spec.maxOutputBytes);
  const mark = newCallMark();
  let child: ChildProcess;
  try {
    child = spawn(spec.shell, ['-c', JOIN_STDERR, spec.shell, spec.command], {
      cwd: spec.cwd,
      env: { ...spec.env, [mark.name]: mark.value },
      detached: true, // a new process group (and session) whose id is the shell's pid
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    return { kind: 'notStarted', output: '', error };
  }
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const ended = new Promise<{ code: number | null; signal: NodeJS.Signals | null } | { error: unknown }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ error }));
  });
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), spec.timeoutMs)));
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<'abort'>((resolve) => spec.signal.addEventListener('abort', (onAbort = () => resolve('abort')), { once: true }));
  const pgid = child.pid;
  const processes: CommandProcesses | undefined = pgid === undefined ? undefined : { pgid, mark: mark.entry };
  if (processes === undefined) {
    const failure = await ended; // a spawn that fails always emits 'error'
    return { kind: 'notStarted', output: output.text(), error: 'error' in failure ? failure.error : undefined };
  }
  try {
    const first = await Promise.race([ended, timedOut, aborted]);
    if (first === 'abort') return cancel(processes, spec, output);
    if (typeof first === 'object' && 'error' in first) return { kind: 'notStarted', output: output.text(), error: first.error };
    if (first === 'timeout') {
      const stopped = terminateCommand(processes, spec.killGraceMs).then(async (stop) => {
        await drain(child, closed);
        return stop;
      });
      const stop = await Promise.race([stopped, aborted]);
      if (stop === 'abort') return cancel(processes, spec, output);
      return { kind: 'timedOut', output: output.text(), stop };
    }
    clearTimeout(timer);
    // The shell is gone; background jobs it started do not outlive the call, in its group or not.
    const cleanup = await Promise.race([terminateCommand(processes, spec.killGraceMs).then(() => drain(child, closed)), aborted]);
    if (cleanup === 'abort') return cancel(processes, spec, output);
    return { kind: 'exited', output: output.text(), code: first.code, signal: first.signal };
  } finally {
    clearTimeout(timer);
    if (onAbort) spec.signal.removeEventListener('abort', onAbort);
  }
}

// SIGTERM to the group and to the processes that left it (found by their mark), SIGKILL
// after the grace; resolves once none is alive.
async function terminateCommand(processes: CommandProcesses, graceMs: number): Promise<'terminated' | 'killed'> {
  const stop = await stopGroup(processes.pgid, { graceMs, stragglers: () => markedProcesses(processes.mark) });
  return stop === 'killed' ? 'killed' : 'terminated';
}

// Settles at once: the group is sent SIGTERM now and SIGKILL after the grace, in the background.
function cancel(processes: CommandProcesses, spec: CommandSpec, output: OutputBuffer): CommandOutcome {
  void terminateCommand(processes, spec.killGraceMs).catch(() => undefined);
  return { kind: 'cancelled', output: output.text() };
}

async function drain(child: ChildProcess, closed: Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
  clearTimeout(timer);
  child.stdout?.destroy();
  child.stderr?.destroy();
}
