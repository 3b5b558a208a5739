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

// An environment read empty may belong to a process in the middle of execve (the kernel swaps
// its memory, and for that moment /proc shows no environment): such a process is read again a
// few times before it counts as unmarked. Kernel threads (pid 2 and its children) have none.
const EMPTY_RETRIES = 3;
const EMPTY_RETRY_MS = 10;

async function isMarked(pid: string, needle: Buffer): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const found = await readMark(pid, needle);
    if (found !== 'empty') return found;
    if (attempt >= EMPTY_RETRIES) return false;
    await new Promise((resolve) => setTimeout(resolve, EMPTY_RETRY_MS));
  }
}

async function readMark(pid: string, needle: Buffer): Promise<boolean | 'empty'> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z' || state === 'X') return false;
    const raw = await readFile(`/proc/${pid}/environ`);
    if (raw.length === 0) return pid === '2' || ppid === '2' ? false : 'empty';
    // A leading NUL lets the first variable match like the others.
    return Buffer.concat([Buffer.of(0), raw, Buffer.of(0)]).includes(needle);
  } catch {
    return false; // ended while we looked, or not ours to read
  }
}
