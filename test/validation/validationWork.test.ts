// Work that would hang or leak the test worker runs in a child process (validationWork.child.ts),
// with bounds far from both the fixed and the broken behaviour:
// - item 13: `^(a+)+$` against 100,000 "a"s and a "!" — linear RE2 answers in milliseconds;
//   a backtracking engine would not finish in the lifetime of the universe (the child is
//   killed after 60 s and the test fails);
// - item 17: a 50 MB result cut to 30,000 characters retained 50 MB; now under 1 MB;
// - item 18: a dropped registry whose schema carries 100 KB retained ~200 KB; now ~3 KB.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const childScript = fileURLToPath(new URL('./validationWork.child.ts', import.meta.url));
const CHILD_LIMIT_MS = 60_000;

function runChild(scenario: string): Promise<Record<string, number | boolean>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', childScript, scenario], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const timer = setTimeout(() => child.kill('SIGKILL'), CHILD_LIMIT_MS);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(JSON.parse(stdout) as Record<string, number | boolean>);
      else reject(new Error(`${scenario} ended with ${signal ?? `exit code ${code}`}${signal === 'SIGKILL' ? ' (did not finish in time)' : ''}\n${stderr}`));
    });
  });
}

describe.concurrent('validation work is bounded (child processes)', { timeout: CHILD_LIMIT_MS + 10_000 }, () => {
  it('a backtracking pattern against a long adversarial string validates, on a linear-time engine', async () => {
    expect(await runChild('backtrackingPattern')).toEqual({ valid: false });
  });

  it('a cut result does not keep its 50 MB original alive', async () => {
    const { retained, length } = await runChild('cutResult');
    expect(length).toBe(30_000);
    expect(retained).toBeLessThan(1_000_000);
  });

  it('dropped registries leave (almost) nothing behind', async () => {
    const { grownPerRegistry } = await runChild('droppedRegistries');
    expect(grownPerRegistry).toBeLessThan(50_000);
  });
});
