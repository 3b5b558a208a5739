// Ending a stdio server's whole process group. A server started with `detached: true`
// leads its own group, so one signal to `-pid` reaches everything it started (npx, shells,
// helpers) that did not leave the group on purpose. Waiting is asynchronous: a signal probe
// per tick, never a scan of /proc that would hold up the event loop.

const live = new Set<number>();
let exitHookInstalled = false;
const POLL_MS = 25;
const TERM_WAIT_MS = 1_000;

/**
 * Remembers a group so that it is killed if this process exits with the server still running.
 * @example
 * import type { ChildProcess } from 'node:child_process';
 * declare const child: ChildProcess;
 * trackGroup(child.pid!);
 */
export function trackGroup(pgid: number): void {
  live.add(pgid);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // Synchronous on purpose: 'exit' listeners cannot wait. Detached servers would survive us otherwise.
    process.once('exit', killMcpServerProcesses);
  }
}

/**
 * Forgets a group that has been ended.
 * @example
 * import type { ChildProcess } from 'node:child_process';
 * declare const child: ChildProcess;
 * untrackGroup(child.pid!);
 */
export function untrackGroup(pgid: number): void {
  live.delete(pgid);
}

/**
 * SIGKILLs, synchronously, the process group of every stdio MCP server this process started and has not ended yet.
 * For a signal handler that must exit at once (a second Ctrl-C): `close()` is the orderly way.
 * @example
 * process.once('SIGINT', () => {
 *   killMcpServerProcesses();
 *   process.exit(130);
 * });
 */
export function killMcpServerProcesses(): void {
  for (const group of live) killGroupNow(group);
}

/**
 * SIGKILL to every process of the group; a group that is already gone is fine.
 * @example
 * import type { ChildProcess } from 'node:child_process';
 * declare const child: ChildProcess;
 * killGroupNow(child.pid!);
 */
export function killGroupNow(pgid: number): void {
  signalGroup(pgid, 'SIGKILL');
}

/**
 * Waits `graceMs` for the leader to exit by itself, then SIGTERM to the group, then SIGKILL to what is left.
 * @example
 * import type { ChildProcess } from 'node:child_process';
 * declare const child: ChildProcess;
 * await terminateGroup(child.pid!, { graceMs: 500, exited: () => child.exitCode !== null });
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
 * Whether any process of the group may still exist (signal 0 to the group; a zombie member counts until it is reaped).
 * @example
 * import type { ChildProcess } from 'node:child_process';
 * declare const child: ChildProcess;
 * groupAlive(child.pid!); // false once the server and its children are gone
 */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(process.platform === 'win32' ? pgid : -pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
