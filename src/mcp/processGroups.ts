// Ending a stdio server's whole process group. A server started with `detached: true`
// leads its own group, so one signal to `-pid` reaches everything it started (npx, shells,
// helpers) that did not leave the group on purpose.
import { readdirSync, readFileSync } from 'node:fs';

const live = new Set<number>();
let exitHookInstalled = false;
const POLL_MS = 25;
const TERM_WAIT_MS = 1_000;

/**
 * Remembers a group so that it is killed if this process exits with the server still running.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('npx', ['-y', '@modelcontextprotocol/server-everything'], { detached: true });
 * trackGroup(child.pid!)
 */
export function trackGroup(pgid: number): void {
  live.add(pgid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Synchronous on purpose: 'exit' listeners cannot wait. Detached servers would survive us otherwise.
    process.once('exit', () => {
      for (const group of live) killGroupNow(group);
    });
  }
}

/**
 * Forgets a group that has been ended.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('npx', ['-y', '@modelcontextprotocol/server-everything'], { detached: true });
 * child.once('exit', () => untrackGroup(child.pid!))
 */
export function untrackGroup(pgid: number): void {
  live.delete(pgid);
}

/**
 * SIGKILL to every process of the group; a group that is already gone is fine.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('npx', ['-y', '@modelcontextprotocol/server-everything'], { detached: true });
 * killGroupNow(child.pid!)
 */
export function killGroupNow(pgid: number): void {
  signalGroup(pgid, 'SIGKILL');
}

/**
 * Waits `graceMs` for the leader to exit by itself, then SIGTERM to the group, then SIGKILL to what is left.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('npx', ['-y', '@modelcontextprotocol/server-everything'], { detached: true });
 * await terminateGroup(child.pid!, { graceMs: 500, exited: () => child.exitCode !== null })
 */
export async function terminateGroup(pgid: number, options: { graceMs: number; exited?: () => boolean }): Promise<void> {
  const gone = () => !groupAlive(pgid);
  if (!(await waitFor(() => (options.exited?.() ?? false) && gone(), options.graceMs))) {
    signalGroup(pgid, 'SIGTERM');
    if (await waitFor(gone, TERM_WAIT_MS)) return;
  }
  signalGroup(pgid, 'SIGKILL');
  await waitFor(gone, TERM_WAIT_MS);
}

/**
 * Whether any process of the group is still running (zombies, already dead, do not count).
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('npx', ['-y', '@modelcontextprotocol/server-everything'], { detached: true });
 * groupAlive(child.pid!) // false once the server and its children are gone
 */
export function groupAlive(pgid: number): boolean {
  if (process.platform === 'linux') return linuxGroupMembers(pgid) > 0;
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

// /proc/<pid>/stat: "pid (comm) state ppid pgrp ..."; comm may contain spaces and parentheses.
function linuxGroupMembers(pgid: number): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // ended while we looked
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields[0] !== 'Z' && Number(fields[2]) === pgid) count++;
  }
  return count;
}

function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    // Windows has no process groups to signal: the leader alone is ended there.
    process.kill(process.platform === 'win32' ? pgid : -pgid, signal);
  } catch {
    // ESRCH: nothing left in the group
  }
}

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}
