// examples/dbos-workers.ts runs as documented: two workers and a client on one database.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { describePg } from '../postgres/pgTestKit.js';

const run = promisify(execFile);

describePg('examples/dbos-workers.ts', (databaseUrl) => {
  it('answers every Run, the refund after an approval sent from the client', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'examples/dbos-workers.ts'], {
      env: { ...process.env, DATABASE_URL: databaseUrl() },
      timeout: 60_000,
    });
    const lines = stdout.trim().split('\n');
    expect(lines.slice(0, 3)).toEqual(expect.arrayContaining([expect.stringMatching(/^Done: order 7: paid/), expect.stringMatching(/^Done: order 8: paid/), expect.stringMatching(/^Done: order 9: paid/)]));
    expect(lines[3]).toMatch(/^Done: refunded 42 \(key [0-9a-f]{8}, worker \d+\)$/);
  }, 90_000);
});
