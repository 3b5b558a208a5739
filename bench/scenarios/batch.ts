// S2: one response with 100 calls of a read-only, concurrency-safe tool that waits 20 ms;
// wall time of the whole Run against the ideal (ceil(calls / maxConcurrency) × 20 ms).
import { createAgent } from '../../src/index.js';
import { BareLoop } from '../baseline.js';
import { batchProvider, sleepTool } from '../fixtures.js';
import type { Measurement } from '../report.js';
import { sampleInTurn, timeMs } from '../stats.js';

export interface BatchOptions {
  calls: number;
  waitMs: number;
  maxConcurrency: number;
  warmup: number;
  samples: number;
}

/** The S2 measurement and its ideal wall time in ms. */
export async function s2Batch(options: BatchOptions): Promise<{ measurement: Measurement; idealMs: number }> {
  const tool = sleepTool(options.waitMs);
  const provider = batchProvider(options.calls, tool.name);
  const agent = createAgent({ provider, tools: [tool], limits: { maxConcurrency: options.maxConcurrency } });
  const bare = new BareLoop([tool], options.maxConcurrency);
  const [tiny, base] = await sampleInTurn([() => timeMs(() => agent.run('go')), () => timeMs(() => bare.run(provider, 'go'))], options);
  return {
    measurement: { id: `S2 c=${options.maxConcurrency}`, metric: `${options.calls} calls of ${options.waitMs} ms`, unit: 'ms', tinyagent: tiny!, baseline: base! },
    idealMs: Math.ceil(options.calls / options.maxConcurrency) * options.waitMs,
  };
}
