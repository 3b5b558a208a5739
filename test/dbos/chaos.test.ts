// Chaos: three worker processes on one database and one queue run 30 Runs; one of them is
// SIGKILLed at seeded random moments (at most KILLS times) and restarted with its executor id,
// which recovers its Runs. Afterwards every Run ends with the model's answer, every call has
// exactly one result, no 'once' effect happened twice, and every 'once' call whose effect
// happened in a process that did not record its result has `interrupted`.
import { expect, it } from 'vitest';
import type { ToolMessage } from '../../src/index.js';
import { readLedger } from '../crash/effectLedger.js';
import { describePg } from '../postgres/pgTestKit.js';
import { useDbosClient } from './dbosClient.js';
import { startWorker, type Worker } from './workers.js';

const RUNS = 30;
const KILLS = 4;
const SEED = Number(process.env.CHAOS_SEED ?? 21);
/** How long each tool holds after its effect: the window a kill can cut. */
const HOLD_MS = 150;

/** mulberry32: a small seeded generator, so a failing schedule can be replayed with CHAOS_SEED. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describePg('chaos: three workers, one killed and restarted', (databaseUrl) => {
  const client = useDbosClient(databaseUrl);

  it(`${RUNS} Runs end with the model's answer, one result per call, no 'once' effect twice (seed ${SEED})`, async () => {
    const random = seeded(SEED);
    const [victimStart, ...others] = await Promise.all(['chaos-a', 'chaos-b', 'chaos-c'].map((id) => startWorker(databaseUrl(), id, client.ledger, { HOLD_MS: String(HOLD_MS) })));
    let victim: Worker = victimStart!;
    const handles = await Promise.all(Array.from({ length: RUNS }, (_, index) => client.support.start(`chaos ${index}`, { sessionId: `chaos-${index}`, workflowId: `chaos-${index}` })));
    const outputs = Promise.all(handles.map((handle) => handle.result()));
    let settled = false;
    void outputs.finally(() => (settled = true));

    const killedPids: number[] = [];
    for (let kill = 0; kill < KILLS && !settled; kill++) {
      // A random point of the victim's work: some moment after it took an effect, or in between.
      const pid = victim.child.pid!;
      const deadline = Date.now() + 5_000;
      while (!settled && Date.now() < deadline && !(random() < 0.3 && readLedger(client.ledger).some((entry) => entry.pid === pid))) await sleep(20);
      await sleep(Math.floor(random() * HOLD_MS));
      if (settled) break;
      killedPids.push(pid);
      await victim.kill('SIGKILL');
      await sleep(Math.floor(random() * 300));
      victim = await startWorker(databaseUrl(), 'chaos-a', client.ledger, { HOLD_MS: String(HOLD_MS) });
    }
    const results = await outputs;
    expect(killedPids.length).toBeGreaterThan(0);
    // The kills cut work: effects were taken by processes that were then killed.
    expect(readLedger(client.ledger).filter((entry) => killedPids.includes(entry.pid)).length).toBeGreaterThan(0);

    const effects = readLedger(client.ledger);
    const effectsOf = (callId: string) => effects.filter((entry) => entry.callId === callId);
    let interrupted = 0;
    for (const [index, output] of results.entries()) {
      const runId = `chaos-${index}`;
      expect(output.text).toBe(`answer: chaos ${index}`);
      const messages = await client.store.load(runId);
      const resultsOf = (callId: string) => messages.filter((message): message is ToolMessage => message.role === 'tool' && message.toolCallId === callId);
      expect(resultsOf('call_charge')).toHaveLength(1);
      expect(resultsOf('call_note')).toHaveLength(1);
      // The idempotent call always ends with its own result, however often it ran, with one key.
      expect(resultsOf('call_note')[0]).toMatchObject({ isError: false });
      expect(new Set(effectsOf(`${runId}/call_note`).map((entry) => entry.idempotencyKey)).size).toBe(1);
      // No 'once' effect twice.
      const charges = effectsOf(`${runId}/call_charge`);
      expect(charges.length).toBeLessThanOrEqual(1);
      const charge = resultsOf('call_charge')[0]!;
      if (charge.code === 'interrupted') {
        interrupted += 1;
        // Cut: it took effect in a killed worker, or its start was recorded and it never ran.
        for (const entry of charges) expect(killedPids).toContain(entry.pid);
      } else {
        // Its result names the process whose effect it reports: the one effect there was.
        expect(charge).toMatchObject({ isError: false, content: `charge done for chaos ${index} by pid ${charges[0]?.pid}` });
      }
    }
    for (const worker of others) await worker!.kill('SIGTERM');
    const rerun = results.filter((_, index) => effectsOf(`chaos-${index}/call_note`).length > 1).length;
    console.log(`chaos seed ${SEED}: ${killedPids.length} kills, ${interrupted} interrupted 'once' calls, ${rerun} idempotent calls run again`);
  }, 240_000);
});
