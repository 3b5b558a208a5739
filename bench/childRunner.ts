// Runs a scenario in a fresh Node process and reads its JSON result: peak RSS and heap
// growth must not include what earlier scenarios left behind. The child is the bundle of
// bench/child.ts that bench/run.ts built next to the main bundle.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

/** What a child measures: tinyagent, the bare loop, or the XState floor (bench/floor.ts). */
export type Subject = 'tinyagent' | 'baseline' | 'floor';
export type ChildScenario = 's3' | 's5';

const CHILD = fileURLToPath(new URL('./child.mjs', import.meta.url));
const run = promisify(execFile);

/** The JSON the child printed for `scenario` measured on `subject`. */
export async function runInChild<T>(scenario: ChildScenario, subject: Subject, nodeFlags: readonly string[] = []): Promise<T> {
  const { stdout } = await run(process.execPath, [...nodeFlags, CHILD, scenario, subject], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as T;
}
