// Summaries of repeated measurements, with node built-ins only.

/** Median, min and max of a set of samples, plus how many there were. */
export interface Summary {
  median: number;
  min: number;
  max: number;
  samples: number;
}

/**
 * Summarises samples (any unit); the median is what targets are checked against.
 * @example summarize([3, 1, 2]) // { median: 2, min: 1, max: 3, samples: 3 }
 */
export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('summarize: no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const median = sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  return { median, min: sorted[0]!, max: sorted.at(-1)!, samples: sorted.length };
}

/** Milliseconds an async task takes, from a monotonic clock. */
export async function timeMs(task: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await task();
  return performance.now() - start;
}

/**
 * Measures several subjects in turn (a, b, c, a, b, c, …) so that load on a shared
 * machine falls on each alike; each function returns one sample. Summaries in input order.
 */
export async function sampleInTurn(subjects: readonly (() => Promise<number>)[], options: { warmup: number; samples: number }): Promise<Summary[]> {
  for (let i = 0; i < options.warmup; i++) for (const subject of subjects) await subject();
  const values: number[][] = subjects.map(() => []);
  for (let i = 0; i < options.samples; i++) {
    for (let s = 0; s < subjects.length; s++) values[s]!.push(await subjects[s]!());
  }
  return values.map(summarize);
}
