// The crash harness on FileSessionStore: a worker SIGKILLed at each boundary of a Run leaves a
// store that the next Run continues from, with each effect in the ledger once.
import { describe, it } from 'vitest';
import { useTempDir } from '../session/sessionTestKit.js';
import { BOUNDARIES, expectKilledAt } from './crashAtBoundaries.js';

describe('a worker on FileSessionStore SIGKILLed', () => {
  const dir = useTempDir();
  it.each(BOUNDARIES)('at %s leaves a session the next Run continues', async (boundary) => {
    await expectKilledAt(`file:${dir()}`, 's', boundary);
  });
});
