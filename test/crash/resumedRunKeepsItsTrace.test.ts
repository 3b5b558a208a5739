// A Run resumed in a second process continues its trace: the trace id comes from the Run id,
// which the session keeps, so both processes' spans share one trace.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { traceIdOfRun } from '../../src/index.js';
import { useTempDir } from '../session/sessionTestKit.js';
import { runWorker } from './durableRunHarness.js';

describe('a Run resumed in another process', () => {
  const dir = useTempDir();
  const scratch: string[] = [];
  afterEach(async () => {
    for (const path of scratch.splice(0)) await rm(path, { recursive: true, force: true });
  });

  it('has the same trace id as in the process that started it', async () => {
    const ledgerDir = await mkdtemp(join(tmpdir(), 'tinyagent-ledger-'));
    scratch.push(ledgerDir);
    const ledger = join(ledgerDir, 'ledger.jsonl');
    const trace = { TINYAGENT_TEST_TRACE: '1' };
    const killed = await runWorker(`file:${dir()}`, 's', ledger, 'run', 'afterOnceEffect', trace);
    expect(killed, killed.stderr).toMatchObject({ signal: 'SIGKILL' });
    const resumed = await runWorker(`file:${dir()}`, 's', ledger, 'resume', undefined, trace);
    expect(resumed.output?.status, resumed.stderr).toBe('completed');
    expect(killed.traceIds.length).toBeGreaterThan(0);
    expect(resumed.traceIds.length).toBeGreaterThan(0);
    expect(new Set([...killed.traceIds, ...resumed.traceIds])).toEqual(new Set([traceIdOfRun(resumed.output!.runId)]));
  });
});
