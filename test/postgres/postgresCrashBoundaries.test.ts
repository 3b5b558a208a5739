// The crash harness on PostgresSessionStore: a worker SIGKILLed at each boundary of a Run leaves
// a store that the next Run continues from, with each effect in the ledger once.
import { it } from 'vitest';
import { BOUNDARIES, expectKilledAt } from '../crash/crashAtBoundaries.js';
import { describePg } from './pgTestKit.js';

describePg('a worker on PostgresSessionStore SIGKILLed', (databaseUrl) => {
  it.each(BOUNDARIES)('at %s leaves a session the next Run continues', async (boundary) => {
    await expectKilledAt(`pg:${databaseUrl()}`, `crash-${boundary}`, boundary);
  });
});
