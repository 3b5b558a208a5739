// docs/design.md, "One call" (cut output): *every* result's content is cut to `limits.maxOutputChars` before it reaches
// the model, an event or the session, including the results the Run gives calls it refuses
// without running them (found by runInvariants.property.test.ts).
import { describe, expect, it } from 'vitest';
import type { Message, RunEvent, ToolMessage } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool, gatedTool } from '../helpers/tools.js';

const maxOutputChars = 10;

function expectEveryResultCut(messages: readonly Message[], events: readonly RunEvent[]): void {
  const results = messages.filter((message): message is ToolMessage => message.role === 'tool');
  expect(results.length).toBeGreaterThan(0);
  for (const result of results) expect(result.content.length, result.content).toBeLessThanOrEqual(maxOutputChars);
  for (const event of events) if (event.type === 'tool.failed') expect(event.result.content.length).toBeLessThanOrEqual(maxOutputChars);
}

describe('results of refused calls respect maxOutputChars', () => {
  it('tool_iteration_limit (maxIterations 0)', async () => {
    const provider = createScriptedProvider([{ toolCalls: [call('c1', 'echo', { text: 'hi' })] }]);
    const run = startRun({ provider, tools: [echoTool()], input: 'go', limits: { maxIterations: 0, maxOutputChars } });
    const output = await run.output;
    // actual: 'Not run: the run reached its limit of 0 tool iterations.' (56 characters)
    expectEveryResultCut(output.messages, run.events);
  });

  it('incomplete_tool_call (finishReason "length")', async () => {
    const provider = createScriptedProvider([{ toolCalls: [call('c1', 'echo', { text: 'hi' })], finishReason: 'length' }, { text: 'done' }]);
    const run = startRun({ provider, tools: [echoTool()], input: 'go', limits: { maxOutputChars } });
    const output = await run.output;
    expectEveryResultCut(output.messages, run.events);
  });

  it('cancelled before the call started', async () => {
    const tool = gatedTool();
    const provider = createScriptedProvider([{ toolCalls: ['a', 'b'].map((id) => call(id, 'gated', { id })) }]);
    const run = startRun({ provider, tools: [tool], input: 'go', limits: { maxOutputChars } });
    await tool.waitForStarts(1);
    run.actor.send({ type: 'CANCEL' });
    const output = await run.output;
    // a's result (acknowledged cancel) is cut; b's ("…before this call started…") is not.
    expectEveryResultCut(output.messages, run.events);
  });

  it('session_error when the assistant message could not be persisted', async () => {
    let writes = 0;
    // The input (written before the provider is asked) is stored; the assistant message is not.
    const store = { load: async () => [], append: async () => (++writes === 1 ? undefined : Promise.reject(new Error('disk full'))) };
    const provider = createScriptedProvider([{ toolCalls: [call('c1', 'echo', { text: 'hi' })] }]);
    const run = startRun({ provider, tools: [echoTool()], input: 'go', limits: { maxOutputChars }, history: [], session: { store, sessionId: 's' } });
    const output = await run.output;
    expectEveryResultCut(output.messages, run.events);
  });
});
