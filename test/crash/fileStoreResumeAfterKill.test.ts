// Durable Runs on FileSessionStore: a worker SIGKILLed at each boundary of a Run, and a second
// process that resumes the Run from the store alone.
import { describe, it } from 'vitest';
import { useTempDir } from '../session/sessionTestKit.js';
import { BOUNDARIES } from './runBoundaries.js';
import { expectResumedAfterKill } from './resumeAtBoundaries.js';

describe('a Run on FileSessionStore SIGKILLed, resumed by another process', () => {
  const dir = useTempDir();
  it.each(BOUNDARIES)('at %s: one result per call, no once effect twice, the model answers', async (boundary) => {
    await expectResumedAfterKill(`file:${dir()}`, 's', boundary);
  });
});
