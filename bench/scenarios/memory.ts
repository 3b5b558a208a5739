// S5: `runs` Runs waiting on a provider that never answers; heap and RSS growth per Run
// after a full GC. Runs inside a fresh child process started with --expose-gc.
import { createAgent, type Provider } from '../../src/index.js';
import { BareLoop } from '../baseline.js';
import { echoTool, silentProvider } from '../fixtures.js';
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

/** Starts `runs` Runs, waits until each is waiting on the provider, and measures. */
export async function waitingRuns(subject: Subject, runs: number): Promise<MemoryResult> {
  let waiting = 0;
  const provider: Provider = {
    complete: (request, options) => {
      waiting++;
      return silentProvider.complete(request, options);
    },
  };
  const agent = createAgent({ provider, tools: [echoTool] });
  const bare = new BareLoop([echoTool]);
  const start = subject === 'tinyagent' ? () => agent.run('go') : () => bare.run(provider, 'go');
  // One Run first, so code compiled and module state created on first use is not counted.
  void start().catch(() => undefined);
  while (waiting < 1) await turn();
  waiting = 0;
  const before = collect();
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < runs; i++) pending.push(start().catch(() => undefined));
  while (waiting < runs) await turn();
  const after = collect();
  if (pending.length !== runs) throw new Error('unreachable');
  return {
    heapKiBPerRun: (after.heapUsed - before.heapUsed) / 1024 / runs,
    rssKiBPerRun: (after.rss - before.rss) / 1024 / runs,
  };
}
