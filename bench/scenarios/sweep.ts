// The batch-size sweep: one response with n calls of an instant, concurrency-safe tool,
// unlimited concurrency, through `agent.run`; µs per call for each n. A runtime whose
// per-call cost grows with n does work quadratic in the batch. Then one batch of 1000
// calls that each wait 20 ms, against the ideal of 20 ms.
import { createAgent } from '../../src/index.js';
import { BareLoop } from '../baseline.js';
import { batchProvider, instantTool, sleepTool } from '../fixtures.js';
import type { Measurement } from '../report.js';
import { sampleInTurn, timeMs } from '../stats.js';
import type { Tool } from '../../src/index.js';

export interface SweepOptions {
  sizes: readonly number[];
  callsPerSample: number;
  warmup: number;
  samples: number;
  slow: { calls: number; waitMs: number; warmup: number; samples: number };
}

/** An agent and a bare loop with no limit on concurrency or calls per response. */
function subjects(calls: number, tool: Tool<never>) {
  const provider = batchProvider(calls, tool.name);
  const limits = { maxConcurrency: calls, maxCallsPerResponse: calls };
  const agent = createAgent({ provider, tools: [tool], limits });
  const bare = new BareLoop([tool], calls);
  return { agent: () => agent.run('go'), bare: () => bare.run(provider, 'go') };
}

/** µs per call over `runs` consecutive Runs of `calls` calls each. */
function perCall(run: () => Promise<unknown>, calls: number, runs: number): () => Promise<number> {
  return async () => {
    const start = performance.now();
    for (let i = 0; i < runs; i++) await run();
    return ((performance.now() - start) * 1000) / (runs * calls);
  };
}

/** One per-call measurement per batch size, then the slow batch with its ideal in ms. */
export async function batchSweep(options: SweepOptions, log: (line: string) => void): Promise<{ sizes: { calls: number; measurement: Measurement }[]; slow: { measurement: Measurement; idealMs: number } }> {
  const sizes: { calls: number; measurement: Measurement }[] = [];
  for (const calls of options.sizes) {
    log(`sweep ${calls} instant calls …`);
    const { agent, bare } = subjects(calls, instantTool as Tool<never>);
    const runs = Math.max(1, Math.round(options.callsPerSample / calls));
    const [tiny, base] = await sampleInTurn([perCall(agent, calls, runs), perCall(bare, calls, runs)], options);
    sizes.push({ calls, measurement: { id: `sweep ${calls} calls`, metric: 'per call, instant tool', unit: 'µs', tinyagent: tiny!, baseline: base! } });
  }
  const { calls, waitMs } = options.slow;
  log(`sweep ${calls} calls of ${waitMs} ms …`);
  const { agent, bare } = subjects(calls, sleepTool(waitMs) as Tool<never>);
  const [tiny, base] = await sampleInTurn([() => timeMs(agent), () => timeMs(bare)], options.slow);
  return { sizes, slow: { measurement: { id: `sweep ${calls} calls × ${waitMs} ms`, metric: 'wall', unit: 'ms', tinyagent: tiny!, baseline: base! }, idealMs: waitMs } };
}
