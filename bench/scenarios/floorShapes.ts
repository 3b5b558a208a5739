// `npm run bench -- floor`: the XState floor (bench/floor.ts) in each of its shapes, for S1
// at N=20 and for the batch-size sweep, measured in turn with the bare loop. It finds the
// cheapest way to use XState for a Run of tinyagent's shape; it is not part of the default run.
// It reports CPU time (process.cpuUsage), not wall time: on a shared, loaded machine the
// time a process waits for a core swamps differences of a few µs, its own CPU time does not.
import { BareLoop } from '../baseline.js';
import { xstateFloor, type FloorShape } from '../floor.js';
import { batchProvider, echoTool, instantTool, sequentialProvider } from '../fixtures.js';
import type { Measurement } from '../report.js';
import { sampleInTurn } from '../stats.js';
import type { Tool } from '../../src/index.js';

export const FLOOR_SHAPES: Record<string, FloorShape> = {
  'machine child, stop each, invoked provider': { child: 'machine', stop: 'each', provider: 'invoke' },
  'promise child, stop each, invoked provider': { child: 'promise', stop: 'each', provider: 'invoke' },
  'machine child, stop each, provider actor': { child: 'machine', stop: 'each', provider: 'actor' },
  'machine child, batch actor, provider actor': { child: 'machine', stop: 'batch', provider: 'actor' },
  'machine child, batch tree (32), provider actor': { child: 'machine', stop: 'tree', provider: 'actor', fanout: 32 },
  'promise child, batch tree (32), provider actor': { child: 'promise', stop: 'tree', provider: 'actor', fanout: 32 },
};

/** CPU µs per unit of `runs` consecutive runs. */
const perUnit = (run: () => Promise<unknown>, units: number, runs: number) => async () => {
  const start = process.cpuUsage();
  for (let i = 0; i < runs; i++) await run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / (runs * units);
};

/** One row per shape and workload: S1 N=20 µs/step, then µs/call for each batch size. */
export async function floorShapes(sizes: readonly number[], log: (line: string) => void): Promise<Measurement[]> {
  const rows: Measurement[] = [];
  const options = { warmup: 2, samples: 9 };
  const sequential = sequentialProvider(20);
  const bareSequential = new BareLoop([echoTool]);
  for (const [name, shape] of Object.entries(FLOOR_SHAPES)) {
    log(`floor: ${name} …`);
    const floor = xstateFloor(echoTool as Tool<never>, shape);
    const [tiny, bare] = await sampleInTurn([perUnit(() => floor(sequential, 'go'), 20, 20), perUnit(() => bareSequential.run(sequential, 'go'), 20, 20)], options);
    rows.push({ id: `floor S1 N=20: ${name}`, metric: 'CPU per step', unit: 'µs', tinyagent: tiny!, baseline: bare! });
    const batchFloor = xstateFloor(instantTool as Tool<never>, shape);
    for (const calls of sizes) {
      const provider = batchProvider(calls, instantTool.name);
      const bareBatch = new BareLoop([instantTool], calls);
      const runs = Math.max(1, Math.round(1000 / calls));
      const [t, b] = await sampleInTurn([perUnit(() => batchFloor(provider, 'go'), calls, runs), perUnit(() => bareBatch.run(provider, 'go'), calls, runs)], options);
      rows.push({ id: `floor ${calls} calls: ${name}`, metric: 'CPU per call', unit: 'µs', tinyagent: t!, baseline: b! });
    }
  }
  return rows;
}
