// Stopping a process group, for every capability that starts processes (the shell tool, MCP
// stdio servers): each leads its own group, so process.kill(-pgid, …) reaches everything it
// started that did not leave the group. Waiting is asynchronous polling: a signal-0 probe,
// then on Linux an asynchronous look at /proc (zombies do not count), never a blocking scan.
import { readdir, readFile } from 'node:fs/promises';
import { hasErrnoCode } from './errno.js';

/** How a group ended: by itself (before any signal), on SIGTERM (or already gone), or on SIGKILL. */
export type GroupStop = 'exited' | 'terminated' | 'killed';

/** Options of `stopGroup`. */
export interface StopGroupOptions {
  /** How long the group may take to end by itself before SIGTERM (an MCP server whose stdin was closed); default 0. */
  exitWaitMs?: number;
  /** How long processes that ignore SIGTERM get before SIGKILL. */
  graceMs: number;
  /**
   * Processes outside the group that belong to it (the shell tool's marked processes), looked
   * for at every poll: each is signalled with the group, and the group is alive while any is.
   */
  stragglers?: () => Promise<readonly number[]>;
}

const POLL_MS = 20;
// After SIGKILL the kernel ends the processes at once; this only bounds a pathological wait.
const AFTER_KILL_MS = 5_000;

/**
 * Sends a signal to every process of the group; false when the group no longer exists.
 * Windows has no process groups to signal: the leader alone is reached there.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('sleep', ['10'], { detached: true });
 * signalGroup(child.pid!, 'SIGTERM') // true
 */
export function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(process.platform === 'win32' ? pgid : -pgid, signal);
    return true;
  } catch (error) {
    if (hasErrnoCode(error, 'ESRCH')) return false;
    if (hasErrnoCode(error, 'EPERM')) return true; // a member we may not signal: it exists
    throw error;
  }
}

/**
 * Whether a process of the group is still running. Zombies (ended, not yet reaped by their
 * parent or init) do not count where /proc shows them: they cannot run or hold anything but a process slot.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('sleep', ['10'], { detached: true });
 * await groupAlive(child.pid!) // true until every process of the group has ended
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
 * Ends a group: lets it end by itself for `exitWaitMs`, then SIGTERM to it (and its
 * stragglers), then SIGKILL to what is left after `graceMs`; resolves once none is alive.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('sleep', ['10'], { detached: true });
 * await stopGroup(child.pid!, { exitWaitMs: 500, graceMs: 1_000 }) // 'terminated'
 */
export async function stopGroup(pgid: number, options: StopGroupOptions): Promise<GroupStop> {
  const target: Target = { pgid, stragglers: options.stragglers ?? (async () => []), seen: new Set() };
  const exitWaitMs = options.exitWaitMs ?? 0;
  if (exitWaitMs > 0 && !(await signalUntil(target, undefined, Date.now() + exitWaitMs))) return 'exited';
  if (!(await signalUntil(target, 'SIGTERM', Date.now() + options.graceMs))) return 'terminated';
  await signalUntil(target, 'SIGKILL', Date.now() + AFTER_KILL_MS);
  return 'killed';
}

interface Target {
  pgid: number;
  stragglers: () => Promise<readonly number[]>;
  /** Every straggler found so far: one that is exiting may no longer show what made it one
   * (its environment), yet still runs; it counts until it is gone or a zombie. */
  seen: Set<number>;
}

// Sends `signal` (none: only waits) to the group once and to each straggler once, as they are
// found (a process may start one while it is being stopped), and polls until none is alive
// (false) or the deadline passes with one alive (true).
async function signalUntil(target: Target, signal: NodeJS.Signals | undefined, deadline: number): Promise<boolean> {
  if (signal !== undefined) signalGroup(target.pgid, signal);
  const sent = new Set<number>();
  for (;;) {
    const stragglers = await target.stragglers();
    for (const pid of stragglers.filter((found) => !sent.has(found))) {
      sent.add(pid);
      target.seen.add(pid);
      if (signal !== undefined) signalProcess(pid, signal);
    }
    if (stragglers.length === 0 && !(await anyRunning(target.seen)) && !(await groupAlive(target.pgid))) return false;
    if (Date.now() >= deadline) return true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
  }
}

async function anyRunning(pids: ReadonlySet<number>): Promise<boolean> {
  const states = await Promise.all([...pids].map((pid) => processRunning(pid)));
  return states.some(Boolean);
}

// Whether the process exists and is not a zombie (on Linux from /proc; elsewhere signal 0).
async function processRunning(pid: number): Promise<boolean> {
  if (process.platform !== 'linux') {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      return hasErrnoCode(error, 'EPERM');
    }
  }
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
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
