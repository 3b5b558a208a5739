// Runs as DBOS workflows on a real PostgreSQL server: a worker process runs them, this process
// starts them, reads their events and answers them without running any of them.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { first, firstValueFrom, toArray } from 'rxjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ConfigurationError, createAgent, MemorySessionStore, RunError, type Message, type RunEvent } from '../../src/index.js';
import { readLedger } from '../crash/effectLedger.js';
import { describePg } from '../postgres/pgTestKit.js';
import { useDbosClient } from './dbosClient.js';
import { startWorker, type Worker } from './workers.js';

const resultsPerCall = (messages: readonly Message[]) => {
  const counts: Record<string, number> = {};
  for (const message of messages) {
    if (message.role === 'assistant') for (const call of message.toolCalls ?? []) counts[call.id] ??= 0;
    if (message.role === 'tool') counts[message.toolCallId] = (counts[message.toolCallId] ?? 0) + 1;
  }
  return counts;
};

describePg('durable Runs on DBOS', (databaseUrl) => {
  const client = useDbosClient(databaseUrl);
  let worker: Worker;
  beforeAll(async () => {
    worker = await startWorker(databaseUrl(), 'worker-a', client.ledger);
  }, 60_000);

  describe('a Run on a worker', () => {
    it('ends with the model answer, events read here from the first one, session as without DBOS', async () => {
      const handle = await client.support.start('hello there', { sessionId: 'plain-1', workflowId: 'plain-1' });
      const output = await handle.result();
      expect(output).toMatchObject({ status: 'completed', text: 'answer: hello there', runId: 'plain-1' });
      const events = await firstValueFrom(handle.events().pipe(toArray()));
      expect(events.map((event) => event.type)).toEqual(['run.started', 'provider.requested', 'provider.responded', 'run.completed']);
      expect(events.every((event) => event.runId === 'plain-1')).toBe(true);

      const plainStore = new MemorySessionStore();
      const plain = createAgent({ provider: { complete: async () => ({ text: 'answer: hello there' }) }, sessionStore: plainStore });
      await plain.run('hello there', { sessionId: 's' });
      expect(await client.store.load('plain-1')).toEqual(await plainStore.load('s'));
    });

    it('runs tool calls as steps: one result per call, each effect once', async () => {
      const handle = await client.support.start('chaos single', { sessionId: 'tools-1', workflowId: 'tools-1' });
      const output = await handle.result();
      expect(output.text).toBe('answer: chaos single');
      expect(resultsPerCall(await client.store.load('tools-1'))).toEqual({ call_charge: 1, call_note: 1 });
      const steps = await DBOS.listWorkflowSteps('tools-1');
      expect(steps?.map((step) => step.name).filter((name) => !name.startsWith('DBOS.'))).toEqual([
        'session.load',
        // The input is written before the first provider request.
        'session.append',
        'provider.complete',
        'session.append',
        'tool 1/call_charge charge started',
        'tool 1/call_charge charge',
        'tool 1/call_note store_note',
        'session.append',
        'provider.complete',
        'session.append',
      ]);
    });
  });

  it('an approval requested on one worker is answered here after that worker stopped; another worker finishes; the tool ran once', async () => {
    const handle = await client.support.start('approve refund', { sessionId: 'approval-1', workflowId: 'approval-1' });
    const requested = await firstValueFrom(handle.events().pipe(first((event: RunEvent) => event.type === 'tool.approval_requested')));
    expect(requested).toMatchObject({ type: 'tool.approval_requested', callId: 'call_refund' });
    await worker.kill('SIGKILL');
    await client.support.approve('approval-1', 'call_refund');
    worker = await startWorker(databaseUrl(), 'worker-a', client.ledger);
    const output = await handle.result();
    expect(output.text).toBe('answer: approve refund');
    expect(readLedger(client.ledger).filter((entry) => entry.tool === 'send_refund')).toHaveLength(1);
    expect(resultsPerCall(await client.store.load('approval-1'))).toEqual({ call_refund: 1 });
  }, 60_000);

  it('cancel from this process while the tool runs on the worker: the tool gets its signal, the session a cancelled result with the reason', async () => {
    const handle = await client.support.start('cancel me', { sessionId: 'cancel-1', workflowId: 'cancel-1' });
    await firstValueFrom(handle.events().pipe(first((event: RunEvent) => event.type === 'tool.started')));
    await client.support.cancel('cancel-1', 'the customer hung up');
    const failure = await handle.result().then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(RunError);
    expect((failure as RunError).code).toBe('cancelled');
    const messages = await client.store.load('cancel-1');
    const result = messages.find((message) => message.role === 'tool');
    expect(result).toMatchObject({ role: 'tool', toolCallId: 'call_wait', isError: true, code: 'cancelled' });
    expect(result?.role === 'tool' && result.content).toContain('the customer hung up');
    expect(readLedger(client.ledger).filter((entry) => entry.tool === 'wait_for_signal.aborted')).toHaveLength(1);
    const events = await firstValueFrom(handle.events().pipe(toArray()));
    expect(events.at(-1)?.type).toBe('run.cancelled');
  }, 60_000);

  it('cancel of a Run that waits for approval: the call never runs and gets a cancelled result with the reason', async () => {
    const handle = await client.support.start('approve never', { sessionId: 'approval-cancel', workflowId: 'approval-cancel' });
    await firstValueFrom(handle.events().pipe(first((event: RunEvent) => event.type === 'tool.approval_requested')));
    await client.support.cancel('approval-cancel', 'nobody answered');
    await expect(handle.result()).rejects.toMatchObject({ code: 'cancelled' });
    const [result] = (await client.store.load('approval-cancel')).filter((message) => message.role === 'tool');
    expect(result).toMatchObject({ toolCallId: 'call_refund', isError: true, code: 'cancelled' });
    expect(result?.role === 'tool' && result.content).toContain('nobody answered');
    expect(readLedger(client.ledger).filter((entry) => entry.callId === 'approval-cancel/call_refund')).toEqual([]);
  }, 60_000);

  it('a handle on an id no Run has: result() rejects with a ConfigurationError', async () => {
    await expect(client.support.handle('no-such-run').result()).rejects.toThrow(ConfigurationError);
  });
});
