// What a worker killed at each boundary of a Run leaves in a durable store, for any store spec:
// shared by the file store test and the PostgreSQL test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createAgent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { storeFromSpec } from '../helpers/storeFromSpec.js';
import { invariantViolation } from '../session/sessionTestKit.js';
import { BOUNDARIES, type Boundary } from './runBoundaries.js';
import { readLedger } from './effectLedger.js';
import { runWorker } from './durableRunHarness.js';

/** The effects the killed worker took, by tool: the ledger a resume must not add a second 'once' effect to. */
const effectsBeforeKill: Record<Boundary, string[]> = {
  afterAssistantWritten: [],
  afterOnceEffect: ['charge'],
  insideIdempotent: ['put'],
  awaitingApproval: [],
  whileStreaming: [],
};

export { BOUNDARIES };

/**
 * Kills a worker at `boundary`, checks that it died there by SIGKILL with its effects in the
 * ledger, that the store holds whole records, and that the next Run on the session ends with
 * the model's answer and every call answered.
 */
export async function expectKilledAt(spec: string, sessionId: string, boundary: Boundary): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'tinyagent-ledger-'));
  const ledger = join(dir, 'ledger.jsonl');
  try {
    const end = await runWorker(spec, sessionId, ledger, 'run', boundary);
    expect(end, end.stderr).toMatchObject({ signal: 'SIGKILL', boundary });
    expect(readLedger(ledger).map((entry) => entry.tool)).toEqual(effectsBeforeKill[boundary]);

    const { store, close } = storeFromSpec(spec);
    try {
      const left = await store.load(sessionId);
      expect(left.some((message) => message.role === 'tool')).toBe(false); // the dead Run wrote no result
      const agent = createAgent({ provider: createScriptedProvider([{ text: 'picked up' }]), sessionStore: store });
      const output = await agent.run('what happened?', { sessionId });
      expect(output.text).toBe('picked up');
      const after = await store.load(sessionId);
      expect(invariantViolation(after)).toBeUndefined();
      expect(readLedger(ledger).map((entry) => entry.tool)).toEqual(effectsBeforeKill[boundary]);
    } finally {
      await close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
