// Durable Runs on PostgresSessionStore: a worker SIGKILLed at each boundary of a Run, and a
// second process that resumes the Run from the store alone.
import { it } from 'vitest';
import { BOUNDARIES } from '../crash/runBoundaries.js';
import { expectResumedAfterKill } from '../crash/resumeAtBoundaries.js';
import { describePg } from './pgTestKit.js';

describePg('a Run on PostgresSessionStore SIGKILLed, resumed by another process', (databaseUrl) => {
  it.each(BOUNDARIES)('at %s: one result per call, no once effect twice, the model answers', async (boundary) => {
    await expectResumedAfterKill(`pg:${databaseUrl()}`, `resume-${boundary}`, boundary);
  });
});
