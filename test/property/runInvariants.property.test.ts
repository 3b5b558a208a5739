// The invariants of docs/design.md over generated Runs: random scripts of provider responses (answers, tool
// calls with every kind of arguments, failures, malformed responses), tool behaviours, limits
// and cancellation points. Whatever happens, the session and event invariants hold, the status
// is the one the contract gives the script, and each call's result is the one "One call" and "The Run" give it.
//
// Deterministic: a fixed seed by default. TINYAGENT_PROPERTY_SEED=<n> replays another seed
// (fast-check prints the seed and path of a failure), TINYAGENT_PROPERTY_RUNS=<n> runs more.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { driveScenario } from './driveScenario.js';
import { expectContractHolds } from './expectContractHolds.js';
import { scenarioArbitrary } from './scenario.js';

const seed = Number(process.env.TINYAGENT_PROPERTY_SEED ?? 20_240_601);
const numRuns = Number(process.env.TINYAGENT_PROPERTY_RUNS ?? 200);

describe('every generated Run', () => {
  // Only setTimeout is faked: grace timers fire when the driver says so, setImmediate stays real.
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it('keeps the session and event invariants and ends as the contract says', async () => {
    await fc.assert(
      fc.asyncProperty(scenarioArbitrary, async (scenario) => {
        const run = await driveScenario(scenario);
        expectContractHolds(scenario, run);
        expect(vi.getTimerCount(), 'timers left behind by the Run').toBe(0);
      }),
      { seed, numRuns },
    );
  });
});
