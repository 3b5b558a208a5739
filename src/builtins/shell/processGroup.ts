// Stopping a command's processes: its whole process group (the shell, its children,
// background jobs and grandchildren) with process.kill(-pgid, …), and every process carrying
// the call's mark that left the group (see markedProcesses.ts); then waiting until none of
// them is alive.
import { readdir, readFile } from 'node:fs/promises';
import { hasErrnoCode } from '../shared/errno.js';
import { markedProcesses } from './markedProcesses.js';

/** A command's processes: its process group and the mark its environment carries. */
export interface CommandProcesses {
  readonly pgid: number;
  /** `NAME=value` in the environment of every process the command started. */
  readonly mark: string;
}

/** How a group was stopped: it ended on SIGTERM (or was already gone), or needed SIGKILL. */
export type GroupStop = 'terminated' | 'killed';

const POLL_MS = 20;
// After SIGKILL the kernel ends the processes at once; this only bounds a pathological wait.
const AFTER_KILL_MS = 5_000;

/**
 * Sends a signal to every process of the group; false when the group no longer exists.
 * @example
 * import type { ChildProcess } from 'node:child_process';
 * declare const child: ChildProcess & { pid: number };
 * signalGroup(child.pid, 'SIGTERM');
 */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch (error) {
    if (hasErrnoCode(error, 'ESRCH')) return false;
    throw error;
  }
}

/**
 * Whether a process of the group is still running. Zombies (ended, not yet reaped by their
 * parent or init) do not count: they cannot run or hold anything but a process slot.
 * @example
 * import type { ChildProcess } from 'node:child_process';
 * declare const child: ChildProcess & { pid: number };
 * await groupAlive(child.pid); // false once every process has ended
 */
export async function groupAlive(pgid: number): Promise<boolean> {
  if (!signalGroup(pgid, 0)) return false;
  if (process.platform !== 'linux') return true;
  const entries = await readdir('/proc').catch(() => undefined);
  if (entries === undefined) return true;
  const states = await Promise.all(entries.filter((name) => /^\d+$/.test(name)).map((pid) => groupMemberState(pid, pgid)));
  return states.some((state) => state !== undefined && state !== 'Z' && state !== 'X');
}

/**
 * SIGTERM to the group and the marked processes, then SIGKILL if any is still alive after
 * `graceMs`; resolves once none is alive.
 * @example
 * import type { ChildProcess } from 'node:child_process';
 * declare const child: ChildProcess & { pid: number };
 * await terminateCommand({ pgid: child.pid, mark: 'TINYAGENT_SHELL_CALL=3f9c…' }, 2_000); // 'terminated'
 */
export async function terminateCommand(target: CommandProcesses, graceMs: number): Promise<GroupStop> {
  if (!(await signalUntil(target, 'SIGTERM', Date.now() + graceMs))) return 'terminated';
  await signalUntil(target, 'SIGKILL', Date.now() + AFTER_KILL_MS);
  return 'killed';
}

// Sends `signal` to the group once and to each marked process once, as they are found
// (a process may start one while it is being stopped), and polls until none is alive
// (false) or the deadline passes with one alive (true).
async function signalUntil(target: CommandProcesses, signal: NodeJS.Signals, deadline: number): Promise<boolean> {
  signalGroup(target.pgid, signal);
  const sent = new Set<number>();
  for (;;) {
    const marked = await markedProcesses(target.mark);
    for (const pid of marked.filter((found) => !sent.has(found))) {
      sent.add(pid);
      signalProcess(pid, signal);
    }
    if (marked.length === 0 && !(await groupAlive(target.pgid))) return false;
    if (Date.now() >= deadline) return true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}

function signalProcess(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch (error) {
    if (!hasErrnoCode(error, 'ESRCH')) throw error;
  }
}

// The state letter of a process when it belongs to the group (fields after "(comm)": state ppid pgrp).
async function groupMemberState(pid: string, pgid: number): Promise<string | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[2]) === pgid ? fields[0] : undefined;
  } catch {
    return undefined; // the process ended while we looked
  }
}
