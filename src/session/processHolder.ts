// Who this process is, as a lease records it, and when a recorded holder is provably gone:
// a lease of this process that is no longer live, or a process of this host that no longer
// exists. A holder on another host is never judged gone from here (its store may know better).
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Holder } from './sessionRecord.js';

// Tells this process apart from an earlier one that had the same pid (a restarted container).
const PROCESS_TOKEN = randomUUID();
const liveLeases = new Set<string>();

/**
 * This process as a lease holder.
 * @example
 * processHolder(); // { host: 'web-1', pid: 4242, process: '…uuid…' }
 */
export function processHolder(): Holder {
  return { host: hostname(), pid: process.pid, process: PROCESS_TOKEN };
}

/**
 * Whether `holder` is this very process (not merely the same pid).
 * @example
 * isThisProcess(processHolder()); // true
 */
export function isThisProcess(holder: Holder): boolean {
  return holder.process === PROCESS_TOKEN;
}

/** Marks a lease of this process live (`true`) or over (`false`). */
export function markLease(leaseId: string, live: boolean): void {
  if (live) liveLeases.add(leaseId);
  else liveLeases.delete(leaseId);
}

/**
 * Whether the holder of `leaseId` is provably gone, judged by process: `undefined` when this
 * process cannot tell (another host).
 * @example
 * import { hostname } from 'node:os';
 * isProcessGone({ host: hostname(), pid: 999999, process: 'x' }, 'l1'); // true: no such process
 */
export function isProcessGone(holder: Holder, leaseId: string): boolean | undefined {
  if (holder.process === PROCESS_TOKEN) return !liveLeases.has(leaseId);
  if (holder.host !== hostname() || typeof holder.pid !== 'number') return undefined;
  // Same pid, other token: this process reuses the pid of one that ended.
  return holder.pid === process.pid || !isAlive(holder.pid);
}

/**
 * Whether a process with this pid exists on this host.
 * @example
 * isAlive(process.pid); // true
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code !== 'ESRCH'; // EPERM: it exists, it is just not ours to signal
  }
}
