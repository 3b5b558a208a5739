// A serial batch runs one call at a time, and its events say so: call n+1's tool.started
// (and its execute) comes after call n's tool.completed or tool.failed, whatever the calls'
// outcomes, including calls refused before they run.
import { describe, expect, it } from 'vitest';
import { createRunActor, runEvents, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { toPromise } from 'xstate';
import { call } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

/** A tool that logs when it runs and answers as its `outcome` argument says. */
function loggingTool(log: string[], name: string, safe: boolean): Tool<{ id: string; outcome: string }> {
  return {
    name,
    description: 'Logs its execution',
    parameters: { type: 'object', properties: { id: { type: 'string' }, outcome: { type: 'string' } }, required: ['id', 'outcome'] },
    readOnly: safe,
    concurrencySafe: safe,
    execute: async ({ id, outcome }) => {
      log.push(`execute ${id}`);
      await Promise.resolve();
      if (outcome === 'throw') throw new Error('boom');
      if (outcome === 'error') return { content: 'no', isError: true, code: 'own_error' };
      return `ok ${id}`;
    },
  };
}

/** Runs one batch of `calls` to its end; the log interleaves tool events and executions. */
async function runBatch(calls: ReturnType<typeof call>[], maxConcurrency = 10): Promise<string[]> {
  const log: string[] = [];
  const provider = createScriptedProvider([{ toolCalls: calls }, { text: 'done' }]);
  const tools = [loggingTool(log, 'unsafe', false), loggingTool(log, 'safe', true)];
  const actor = createRunActor({ provider, tools, input: 'go', limits: { maxConcurrency } });
  runEvents(actor).subscribe((event) => {
    if (event.type === 'tool.started' || event.type === 'tool.completed' || event.type === 'tool.failed') log.push(`${event.type} ${event.callId}`);
  });
  actor.start();
  expect((await toPromise(actor)).status).toBe('completed');
  return log;
}

/** The log of calls that run strictly one after the other. */
const oneAfterTheOther = (calls: [id: string, executes: boolean, terminal: 'completed' | 'failed'][]) =>
  calls.flatMap(([id, executes, terminal]) => [`tool.started ${id}`, ...(executes ? [`execute ${id}`] : []), `tool.${terminal} ${id}`]);

describe('a serial batch', () => {
  it('starts each call after the previous call’s terminal event', async () => {
    const log = await runBatch([
      call('a', 'unsafe', { id: 'a', outcome: 'ok' }),
      call('b', 'unsafe', { id: 'b', outcome: 'ok' }),
      call('c', 'unsafe', { id: 'c', outcome: 'ok' }),
    ]);
    expect(log).toEqual(oneAfterTheOther([['a', true, 'completed'], ['b', true, 'completed'], ['c', true, 'completed']]));
  });

  it('keeps that order when calls fail: thrown, the tool’s own error, unknown tool, invalid arguments', async () => {
    const log = await runBatch([
      call('a', 'unsafe', { id: 'a', outcome: 'throw' }),
      call('b', 'unsafe', { id: 'b', outcome: 'error' }),
      call('c', 'missing', {}),
      call('d', 'unsafe', { id: 'd' }),
      call('e', 'unsafe', { id: 'e', outcome: 'ok' }),
    ]);
    expect(log).toEqual(
      oneAfterTheOther([['a', true, 'failed'], ['b', true, 'failed'], ['c', false, 'failed'], ['d', false, 'failed'], ['e', true, 'completed']]),
    );
  });

  it('is what a mixed batch is: one unsafe call makes the safe ones wait their turn', async () => {
    const log = await runBatch([
      call('a', 'safe', { id: 'a', outcome: 'ok' }),
      call('b', 'unsafe', { id: 'b', outcome: 'ok' }),
      call('c', 'safe', { id: 'c', outcome: 'ok' }),
    ]);
    expect(log).toEqual(oneAfterTheOther([['a', true, 'completed'], ['b', true, 'completed'], ['c', true, 'completed']]));
  });

  it('is also how a safe batch runs at maxConcurrency 1', async () => {
    const log = await runBatch([call('a', 'safe', { id: 'a', outcome: 'ok' }), call('b', 'safe', { id: 'b', outcome: 'throw' })], 1);
    expect(log).toEqual(oneAfterTheOther([['a', true, 'completed'], ['b', true, 'failed']]));
  });
});

describe('a cancelled serial batch', () => {
  it('ends the running call before any event of the calls after it', async () => {
    const tool = gatedTool();
    const log: string[] = [];
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' }), call('b', 'gated', { id: 'b' }), call('c', 'gated', { id: 'c' })] }]);
    const actor = createRunActor({ provider, tools: [tool], input: 'go' });
    runEvents(actor).subscribe((event) => {
      if (event.type === 'tool.started' || event.type === 'tool.completed' || event.type === 'tool.failed') log.push(`${event.type} ${event.callId}`);
    });
    actor.start();
    await tool.waitForStarts(1);
    actor.send({ type: 'CANCEL' });
    expect((await toPromise(actor)).status).toBe('cancelled');
    expect(tool.started).toEqual(['a']);
    expect(log).toEqual(['tool.started a', 'tool.failed a', 'tool.started b', 'tool.failed b', 'tool.started c', 'tool.failed c']);
  });
});
