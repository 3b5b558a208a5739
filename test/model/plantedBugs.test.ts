// The model-based suite catches each planted bug (plantedBugs.ts) on its own: the paths
// generated from the planted machine, replayed on it, break the independent oracle. The model
// itself cannot see such a bug (it comes from the same machine); only the oracle can.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { plantedBugs } from './plantedBugs.js';
import { generateRunPaths } from './runModel.js';
import { runPathSets } from './runPathSets.js';
import { checkRunPath, ORACLE } from './runPathCheck.js';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The oracle's first finding on the planted machine's paths, or undefined if it finds none. */
async function firstFinding(bug: (typeof plantedBugs)[number]): Promise<string | undefined> {
  for (const set of runPathSets.filter((candidate) => bug.sets.includes(candidate.name))) {
    for (const path of generateRunPaths(set, bug.plant)) {
      try {
        await checkRunPath(path, bug.plant);
      } catch (error) {
        const message = String((error as Error).message);
        // Only the oracle counts: the model and the runtime share the planted machine.
        if (message.startsWith(ORACLE)) return `${path.name}: ${message.split('\n')[0]}`;
        throw error;
      }
    }
  }
  return undefined;
}

describe('the model-based suite catches each planted bug on its own', () => {
  it('knows the path sets each bug is planted for', () => {
    for (const bug of plantedBugs) for (const name of bug.sets) expect(runPathSets.map((set) => set.name)).toContain(name);
  });

  it.each(plantedBugs.map((bug) => [bug.name, bug] as const))('%s', async (_, bug) => {
    const finding = await firstFinding(bug);
    console.log(`PLANTED ${bug.name} => ${finding}`);
    expect(finding).toBeDefined();
  });
});
