// S5: `runs` Runs waiting on a provider that never answers; heap and RSS growth per Run
// after a full GC. Runs inside a fresh child process started with --expose-gc.
import { createAgent } from '../../src/index.js';
import { BareLoop } from '../baseline.js';
import { xstateFloor } from '../floor.js';
import { echoTool, holdingProvider } from '../fixtures.js';
import type { Subject } from '../childRunner.js';

export interface MemoryResult {
  heapKiBPerRun: number;
  rssKiBPerRun: number;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

function collect(): NodeJS.MemoryUsage {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('S5 needs node --expose-gc');
  gc();
  gc();
  return process.memoryUsage();
}

// Every queued callback has run (a pending job would keep its Run alive, or count it twice).
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await turn();
}

/** Starts `runs` Runs, waits until each is waiting on the provider, and measures. */
export async function waitingRuns(subject: Subject, runs: number): Promise<MemoryResult> {
  const provider = holdingProvider();
  const agent = createAgent({ provider, tools: [echoTool] });
  const bare = new BareLoop([echoTool]);
  const floor = xstateFloor(echoTool);
  const starters = { tinyagent: () => agent.run('go'), baseline: () => bare.run(provider, 'go'), floor: () => floor(provider, 'go') };
  const start: () => Promise<unknown> = starters[subject];
  // One Run first, so code compiled and module state created on first use is not counted.
  void start().catch(() => undefined);
  await settle();
  const before = collect();
  for (let i = 0; i < runs; i++) void start().catch(() => undefined);
  await settle();
  const after = collect();
  if (provider.open !== runs + 1) throw new Error(`S5: ${provider.open} requests open, expected ${runs + 1}`);
  return {
    heapKiBPerRun: (after.heapUsed - before.heapUsed) / 1024 / runs,
    rssKiBPerRun: (after.rss - before.rss) / 1024 / runs,
  };
}
