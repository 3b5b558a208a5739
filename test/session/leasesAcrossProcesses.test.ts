// FileSessionStore leases between two real processes: no acknowledged append is lost with two
// writers, and a superseded writer's later write is refused and never reaches the file.
import { describe, it } from 'vitest';
import { expectNoLostAppendWithTwoWriters, expectSupersededWriterRefused } from '../helpers/leasesAcrossProcesses.js';
import { useTempDir } from './sessionTestKit.js';

describe('FileSessionStore leases across two processes', () => {
  const dir = useTempDir();

  it('lose no acknowledged append when two processes take the session in turns', async () => {
    await expectNoLostAppendWithTwoWriters(`file:${dir()}`, 's', 15);
  });

  it("refuse the superseded process's write after a takeover here", async () => {
    await expectSupersededWriterRefused(`file:${dir()}`, 's');
  });
});
