// The stdio servers this process started and has not ended yet, so that they can be killed
// when it exits (or on a second Ctrl-C) with the server still running.
import { signalGroup } from '../capabilities/shared/processGroups.js';

const live = new Set<number>();
let exitHookInstalled = false;

/**
 * Remembers a group so that it is killed if this process exits with the server still running.
 * @example
 * import { spawn } from 'node:child_process';
 * const child = spawn('my-mcp-server', { detached: true });
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
 * import { spawn } from 'node:child_process';
 * const child = spawn('my-mcp-server', { detached: true });
 * child.once('exit', () => untrackGroup(child.pid!));
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
 * import { spawn } from 'node:child_process';
 * const child = spawn('my-mcp-server', { detached: true });
 * killGroupNow(child.pid!);
 */
export function killGroupNow(pgid: number): void {
  try {
    signalGroup(pgid, 'SIGKILL');
  } catch {
    // nothing more can be done from an exit hook
  }
}
