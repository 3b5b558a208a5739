// Runs a scenario in a fresh Node process and reads its JSON result: peak RSS and heap
// growth must not include what earlier scenarios left behind. The child is bench/child.ts
// bundled once with esbuild (what tsup, our build, uses) and run by plain `node`: under tsx
// the loader thread alone adds about 80 MB of RSS, which no user of the package pays.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

export type Subject = 'tinyagent' | 'baseline';
export type ChildScenario = 's3' | 's5';

const ENTRY = fileURLToPath(new URL('./child.ts', import.meta.url));
// Inside the repository, so that the bundle's bare imports resolve to its node_modules.
const BUNDLE = fileURLToPath(new URL('../.tmp/bench/child.mjs', import.meta.url));
const run = promisify(execFile);
let bundled: Promise<unknown> | undefined;

/** The JSON the child printed for `scenario` measured on `subject`. */
export async function runInChild<T>(scenario: ChildScenario, subject: Subject, nodeFlags: readonly string[] = []): Promise<T> {
  // Dependencies stay external: the child loads xstate, rxjs and ajv as an application would.
  bundled ??= build({ entryPoints: [ENTRY], outfile: BUNDLE, bundle: true, platform: 'node', format: 'esm', packages: 'external', logLevel: 'warning' });
  await bundled;
  const { stdout } = await run(process.execPath, [...nodeFlags, BUNDLE, scenario, subject], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as T;
}
