// Finding every process a command started, including those that left its process group
// (`set -m` job control, setpgid, setsid) and were re-parented when the shell exited: each
// call's environment carries a variable with a random value of its own, which children
// inherit, and /proc/<pid>/environ shows it. A process that starts a program with a cleared
// or rewritten environment (`env -i`) drops the mark; so does any process on a system without
// /proc (macOS), where only the process group holds.
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';

/** The variable that marks a call's processes (its value is the call's own random id). */
export const CALL_MARKER_VARIABLE = 'TINYAGENT_SHELL_CALL';

/**
 * A fresh mark for one call: `NAME=value`, as it appears in /proc/<pid>/environ.
 * @example newCallMark() // { name: 'TINYAGENT_SHELL_CALL', value: '3f9c…', entry: 'TINYAGENT_SHELL_CALL=3f9c…' }
 */
export function newCallMark(): { name: string; value: string; entry: string } {
  const value = randomBytes(12).toString('hex');
  return { name: CALL_MARKER_VARIABLE, value, entry: `${CALL_MARKER_VARIABLE}=${value}` };
}

/**
 * The ids of the running processes (zombies excluded) whose environment holds `entry`; empty
 * where /proc is missing. This process is never among them.
 * @example await markedProcesses('TINYAGENT_SHELL_CALL=3f9c…') // [4242, 4250]
 */
export async function markedProcesses(entry: string): Promise<number[]> {
  if (process.platform !== 'linux') return [];
  const names = await readdir('/proc').catch(() => [] as string[]);
  const needle = Buffer.from(`\0${entry}\0`);
  const found = await Promise.all(
    names.filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid).map(async (name) => ((await isMarked(name, needle)) ? Number(name) : undefined)),
  );
  return found.filter((pid): pid is number => pid !== undefined);
}

async function isMarked(pid: string, needle: Buffer): Promise<boolean> {
  try {
    // A leading NUL lets the first variable match like the others.
    const environ = Buffer.concat([Buffer.of(0), await readFile(`/proc/${pid}/environ`), Buffer.of(0)]);
    if (!environ.includes(needle)) return false;
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false; // ended while we looked, or not ours to read
  }
}
