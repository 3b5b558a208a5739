// A worker SIGKILLed at a boundary of a Run, then a second worker that resumes the Run from the
// store alone (`agent.resume`): shared by the file store test and the PostgreSQL test.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { storeFromSpec } from '../helpers/storeFromSpec.js';
import { invariantViolation } from '../session/sessionTestKit.js';
import type { Boundary } from './runBoundaries.js';
import { readLedger } from './effectLedger.js';
import { runWorker } from './durableRunHarness.js';

/** What each call's one result is after the resume, by boundary. */
const resultAfterResume: Record<Boundary, { tool: string; code: string | undefined; effects: number }> = {
  // Its start was never recorded: it runs in the second worker.
  afterAssistantWritten: { tool: 'charge', code: undefined, effects: 1 },
  // 'once' and started: never again, `interrupted`.
  afterOnceEffect: { tool: 'charge', code: 'interrupted', effects: 1 },
  // 'idempotent' and started: again, with the same key.
  insideIdempotent: { tool: 'put', code: undefined, effects: 2 },
  // Waiting for approval: asked again, approved, runs once.
  awaitingApproval: { tool: 'approve_me', code: undefined, effects: 1 },
  // The request without a response is made again; the call then runs.
  whileStreaming: { tool: 'charge', code: undefined, effects: 1 },
};

/**
 * Kills a worker at `boundary`, resumes its Run in a second worker, and checks the session (one
 * result per call, the Run finished), the ledger (no 'once' effect twice, one key per call) and
 * the answer.
 */
export async function expectResumedAfterKill(spec: string, sessionId: string, boundary: Boundary): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'tinyagent-ledger-'));
  const ledger = join(dir, 'ledger.jsonl');
  try {
    const killed = await runWorker(spec, sessionId, ledger, 'run', boundary);
    expect(killed, killed.stderr).toMatchObject({ signal: 'SIGKILL', boundary });

    const resumed = await runWorker(spec, sessionId, ledger, 'resume');
    expect(resumed.error, resumed.stderr).toBeUndefined();
    expect(resumed.code, resumed.stderr).toBe(0);
    const expected = resultAfterResume[boundary];
    expect(resumed.output).toMatchObject({ status: 'completed', text: 'finished after 1 result(s)' });

    const effects = readLedger(ledger);
    expect(effects.map((entry) => entry.tool)).toEqual(Array.from({ length: expected.effects }, () => expected.tool));
    // Every attempt of the call had the same idempotency key, whichever process made it.
    expect(new Set(effects.map((entry) => entry.idempotencyKey)).size).toBe(1);
    if (expected.tool !== 'put') expect(effects.length).toBeLessThanOrEqual(1);

    const { store, close } = storeFromSpec(spec);
    try {
      const messages = await store.load(sessionId);
      expect(invariantViolation(messages)).toBeUndefined();
      const results = messages.filter((message) => message.role === 'tool');
      expect(results.map((result) => result.toolCallId)).toEqual(['call_1']);
      expect(results[0]?.code).toBe(expected.code);
      expect(messages.filter((message) => message.role === 'user')).toHaveLength(1);
      expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'finished after 1 result(s)' });
      expect(await store.loadRunState(sessionId)).toBeUndefined();
    } finally {
      await close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
