// S1 (sequential steps), S4 (the same with malformed arguments) and S6 (S1 with one
// subscriber on the event stream): µs per tool-call step through `agent.run`. At one N,
// the three are measured in turn with their bare loops, so their ratios share the load.
import { createAgent, type Agent } from '../../src/index.js';
import { BareLoop } from '../baseline.js';
import { xstateFloor } from '../floor.js';
import { echoTool, MALFORMED_ARGS, sequentialProvider } from '../fixtures.js';
import type { Measurement } from '../report.js';
import { sampleInTurn, type Summary } from '../stats.js';

export interface SequentialOptions {
  steps: number;
  warmup: number;
  samples: number;
  /** Runs timed together as one sample, so that short runs still give a stable figure. */
  runsPerSample: number;
}

function setup(steps: number, args?: string) {
  const provider = sequentialProvider(steps, args);
  const agent = createAgent({ provider, tools: [echoTool], limits: { maxIterations: steps + 1 } });
  const bare = new BareLoop([echoTool]);
  const floor = xstateFloor(echoTool);
  return { agent, bareRun: () => bare.run(provider, 'go'), floorRun: () => floor(provider, 'go') };
}

/** µs per step of `runsPerSample` consecutive runs of `steps` steps. */
function perStep(run: () => Promise<unknown>, options: SequentialOptions): () => Promise<number> {
  return async () => {
    const start = performance.now();
    for (let i = 0; i < options.runsPerSample; i++) await run();
    return ((performance.now() - start) * 1000) / (options.runsPerSample * options.steps);
  };
}

/** Resolves when the Run behind one `agent.stream` subscription has ended. */
export function streamToEnd(agent: Agent, onEvent: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    agent.stream('go').subscribe({ next: onEvent, complete: resolve, error: reject });
  });
}

const perStepMeasurement = (id: string, tinyagent: Summary, baseline: Summary): Measurement => ({
  id,
  metric: 'per step',
  unit: 'µs',
  tinyagent,
  baseline,
});

/** S1 alone: one no-op call per response. */
export async function s1Sequential(options: SequentialOptions): Promise<Measurement> {
  const { agent, bareRun } = setup(options.steps);
  const [tiny, bare] = await sampleInTurn([perStep(() => agent.run('go'), options), perStep(bareRun, options)], options);
  return perStepMeasurement(`S1 N=${options.steps}`, tiny!, bare!);
}

/**
 * S1, S4 (every call's arguments malformed JSON) and S6 (S1 streamed to one subscriber), in
 * turn, with the XState floor of S1 (bench/floor.ts) as a reference.
 */
export async function s1s4s6(options: SequentialOptions): Promise<{ s1: Measurement; s4: Measurement; s6: Measurement; floor: Measurement }> {
  const plain = setup(options.steps);
  const malformed = setup(options.steps, MALFORMED_ARGS);
  let seen = 0;
  const [s1, s4, s6, bare, bareMalformed, floor] = await sampleInTurn(
    [
      perStep(() => plain.agent.run('go'), options),
      perStep(() => malformed.agent.run('go'), options),
      perStep(() => streamToEnd(plain.agent, () => seen++), options),
      perStep(plain.bareRun, options),
      perStep(malformed.bareRun, options),
      perStep(plain.floorRun, options),
    ],
    options,
  );
  if (seen === 0) throw new Error('S6: the subscriber saw no events');
  return {
    s1: perStepMeasurement(`S1 N=${options.steps}`, s1!, bare!),
    s4: perStepMeasurement(`S4 N=${options.steps} malformed`, s4!, bareMalformed!),
    s6: perStepMeasurement(`S6 N=${options.steps} +subscriber`, s6!, bare!),
    floor: perStepMeasurement(`S1 N=${options.steps} XState floor (reference)`, floor!, bare!),
  };
}
