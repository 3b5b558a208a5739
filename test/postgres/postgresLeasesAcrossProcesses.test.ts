// PostgresSessionStore leases between two real processes: no acknowledged append is lost with
// two writers, and a superseded writer's later write is refused and never reaches the database.
import { it } from 'vitest';
import { expectNoLostAppendWithTwoWriters, expectSupersededWriterRefused } from '../helpers/leasesAcrossProcesses.js';
import { describePg } from './pgTestKit.js';

describePg('PostgresSessionStore leases across two processes', (databaseUrl) => {
  it('lose no acknowledged append when two processes take the session in turns', async () => {
    await expectNoLostAppendWithTwoWriters(`pg:${databaseUrl()}`, 'contended', 15);
  });

  it("refuse the superseded process's write after a takeover here", async () => {
    await expectSupersededWriterRefused(`pg:${databaseUrl()}`, 'superseded');
  });
});
