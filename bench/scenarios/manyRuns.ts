// S3: `runs` Runs started at once, `steps` sequential steps each. Runs inside a fresh
// child process (bench/child.ts), so that VmHWM is this scenario's own peak RSS.
import { createAgent } from '../../src/index.js';
import { BareLoop } from '../baseline.js';
import { xstateFloor } from '../floor.js';
import { echoTool, sequentialProvider } from '../fixtures.js';
import type { Subject } from '../childRunner.js';
import { summarize, timeMs, type Summary } from '../stats.js';

export interface ManyRunsOptions {
  runs: number;
  steps: number;
  /** Timed rounds after one warm-up round. */
  rounds: number;
}

export interface ManyRunsResult {
  callsPerSecond: Summary;
  peakRssMB: number;
}

/** Peak resident set size of this process so far, in MB (10^6 bytes; Linux). */
export async function peakRssMB(): Promise<number> {
  const { readFile } = await import('node:fs/promises');
  const match = /VmHWM:\s+(\d+) kB/.exec(await readFile('/proc/self/status', 'utf8'));
  if (!match) throw new Error('VmHWM not found in /proc/self/status');
  return (Number(match[1]) * 1024) / 1e6;
}

/** Tool calls per second over each round, and the peak RSS after all rounds. */
export async function manyRuns(subject: Subject, options: ManyRunsOptions): Promise<ManyRunsResult> {
  const provider = sequentialProvider(options.steps);
  const agent = createAgent({ provider, tools: [echoTool] });
  const bare = new BareLoop([echoTool]);
  const floor = xstateFloor(echoTool);
  const runners = { tinyagent: () => agent.run('go'), baseline: () => bare.run(provider, 'go'), floor: () => floor(provider, 'go') };
  const runOnce: () => Promise<unknown> = runners[subject];
  const round = () => Promise.all(Array.from({ length: options.runs }, () => runOnce()));
  await round();
  const rates: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    const ms = await timeMs(round);
    rates.push((options.runs * options.steps) / (ms / 1000));
  }
  return { callsPerSecond: summarize(rates), peakRssMB: await peakRssMB() };
}
