// A worker dies inside a tool step, right after the tool's effect; a worker started with the
// dead one's executor id recovers the Run. The replay makes the same steps in the same order
// as a Run that never crashed, a 'once' call whose step was cut gets `interrupted` and never
// runs again, an 'idempotent' one runs again with the same idempotencyKey.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { firstValueFrom, toArray } from 'rxjs';
import { expect, it } from 'vitest';
import type { Message } from '../../src/index.js';
import { readLedger } from '../crash/effectLedger.js';
import { describePg } from '../postgres/pgTestKit.js';
import { useDbosClient } from './dbosClient.js';
import { startWorker } from './workers.js';

const stepNames = async (workflowId: string) => ((await DBOS.listWorkflowSteps(workflowId)) ?? []).map((step) => step.name);
const toolResult = (messages: Message[], callId: string) => messages.filter((message) => message.role === 'tool' && message.toolCallId === callId);

describePg('recovery of a Run whose worker died inside a tool', (databaseUrl) => {
  const client = useDbosClient(databaseUrl);

  async function crashThenRecover(workflowId: string, killIn: string) {
    const dying = await startWorker(databaseUrl(), `worker-${workflowId}`, client.ledger, { KILL_AFTER_EFFECT: killIn });
    const handle = await client.support.start(`chaos ${workflowId}`, { sessionId: workflowId, workflowId });
    await dying.exited;
    const recovering = await startWorker(databaseUrl(), `worker-${workflowId}`, client.ledger);
    const output = await handle.result();
    await recovering.kill('SIGTERM');
    return { output, dyingPid: dying.child.pid!, recoveringPid: recovering.child.pid! };
  }

  it('the same steps in the same order as without a crash; the cut idempotent call ran again with its key', async () => {
    const reference = await startWorker(databaseUrl(), 'worker-reference', client.ledger);
    await (await client.support.start('chaos reference', { sessionId: 'reference', workflowId: 'reference' })).result();
    await reference.kill('SIGTERM');

    const { output, dyingPid, recoveringPid } = await crashThenRecover('idem', 'store_note');
    expect(output.text).toBe('answer: chaos idem');
    expect(await stepNames('idem')).toEqual(await stepNames('reference'));
    const messages = await client.store.load('idem');
    expect(toolResult(messages, 'call_note')).toHaveLength(1);
    expect(toolResult(messages, 'call_note')[0]).toMatchObject({ isError: false, content: `store_note done for chaos idem by pid ${recoveringPid}` });
    const notes = readLedger(client.ledger).filter((entry) => entry.callId === 'idem/call_note');
    expect(notes.map((entry) => entry.pid)).toEqual([dyingPid, recoveringPid]);
    expect(notes[0]!.idempotencyKey).toBe(notes[1]!.idempotencyKey);
    // The events were written once each, in order, by whichever execution emitted them.
    const events = await firstValueFrom(client.support.handle('idem').events().pipe(toArray()));
    const referenceEvents = await firstValueFrom(client.support.handle('reference').events().pipe(toArray()));
    expect(events.map((event) => [event.seq, event.type])).toEqual(referenceEvents.map((event) => [event.seq, event.type]));
    // Every time the Run saw is one DBOS recorded (DBOS.now at the start, each step's end), never the wall clock.
    const recorded = new Set(((await DBOS.listWorkflowSteps('idem')) ?? []).map((step) => (typeof step.output === 'number' ? step.output : (step.output as { at?: number } | null)?.at)));
    expect(events.filter((event) => !recorded.has(event.time))).toEqual([]);
  }, 90_000);

  it("a 'once' call whose step was cut gets interrupted and never runs again; the Run ends with the model's answer", async () => {
    const { output, dyingPid, recoveringPid } = await crashThenRecover('once', 'charge');
    expect(output.text).toBe('answer: chaos once');
    const messages = await client.store.load('once');
    const [charge] = toolResult(messages, 'call_charge');
    expect(toolResult(messages, 'call_charge')).toHaveLength(1);
    expect(charge).toMatchObject({ isError: true, code: 'interrupted' });
    const ofThisRun = readLedger(client.ledger).filter((entry) => entry.callId.startsWith('once/'));
    expect(ofThisRun.map((entry) => [entry.tool, entry.pid])).toEqual([
      ['charge', dyingPid],
      ['store_note', recoveringPid],
    ]);
    expect(toolResult(messages, 'call_note')).toHaveLength(1);
  }, 90_000);
});
