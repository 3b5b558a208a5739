// Sizes, repetitions and targets of every scenario, in one place.

export const S1_SHORT = { steps: 20, warmup: 20, samples: 40, runsPerSample: 10 };
/** S1 at N=200, S4 and S6 share these and are measured in turn. */
export const S1_LONG = { steps: 200, warmup: 5, samples: 31, runsPerSample: 1 };
export const S2 = [
  { calls: 100, waitMs: 20, maxConcurrency: 100, warmup: 3, samples: 15 },
  { calls: 100, waitMs: 20, maxConcurrency: 10, warmup: 1, samples: 7 },
];
/**
 * The batch-size sweep: one response with `calls` calls of an instant tool, unlimited
 * concurrency; each sample times enough Runs for about `callsPerSample` calls. Then one
 * batch of `slow.calls` calls that each wait `slow.waitMs` (ideal: `slow.waitMs`).
 */
export const SWEEP = {
  sizes: [10, 100, 400, 1000],
  callsPerSample: 1000,
  warmup: 1,
  samples: 7,
  slow: { calls: 1000, waitMs: 20, warmup: 1, samples: 5 },
};
export const S3 = { runs: 1000, steps: 5, rounds: 5 };
export const S5 = { runs: 10_000 };

export const TARGETS = {
  s1MaxUsPerStep: 40,
  s1MaxGrowth: 1.3,
  s2MaxOfIdeal: 1.15,
  s3MinCallsPerSecond: 30_000,
  s3MaxPeakRssMB: 150,
  s4MaxOfS1: 1.5,
  sweepMaxGrowth: 1.3,
  sweepSlowMaxOfIdeal: 2,
  s5MaxKiBPerRun: 8,
  s6MaxOfS1: 1.3,
};
