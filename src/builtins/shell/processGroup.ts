// Signalling a command's whole process group (the shell, its children, background jobs and
// grandchildren) with process.kill(-pgid, …), and waiting until none of them is alive.
import { readdir, readFile } from 'node:fs/promises';
import { hasErrnoCode } from '../shared/errno.js';

/** How a group was stopped: it ended on SIGTERM (or was already gone), or needed SIGKILL. */
export type GroupStop = 'terminated' | 'killed';

const POLL_MS = 20;
// After SIGKILL the kernel ends the processes at once; this only bounds a pathological wait.
const AFTER_KILL_MS = 5_000;

/**
 * Sends a signal to every process of the group; false when the group no longer exists.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('sleep', ['60'], { detached: true }); // detached: the leader of its own group
 * signalGroup(child.pid!, 'SIGTERM') // true
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
 * import { spawn } from 'node:child_process';
 * const child = spawn('sleep', ['60'], { detached: true });
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
 * SIGTERM to the group, then SIGKILL if any process is still alive after `graceMs`;
 * resolves once no process of the group is alive.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('sleep', ['60'], { detached: true });
 * await terminateGroup(child.pid!, 2_000) // 'terminated'
 */
export async function terminateGroup(pgid: number, graceMs: number): Promise<GroupStop> {
  if (!signalGroup(pgid, 'SIGTERM')) return 'terminated';
  if (await aliveUntil(pgid, Date.now() + graceMs)) {
    signalGroup(pgid, 'SIGKILL');
    await aliveUntil(pgid, Date.now() + AFTER_KILL_MS);
    return 'killed';
  }
  return 'terminated';
}

// Polls until the group is gone (false) or the deadline passes with it alive (true).
async function aliveUntil(pgid: number, deadline: number): Promise<boolean> {
  for (;;) {
    if (!(await groupAlive(pgid))) return false;
    if (Date.now() >= deadline) return true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(POLL_MS, Math.max(0, deadline - Date.now()))));
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
