// Each ToolCall actor ends in the final state that names its outcome: `succeeded` for a
// result that is not an error, `failed` for an error result (the tool's own, a throw, or a
// call refused before it ran), `cancelled` when the tool stopped after the abort,
// `abandoned` when it ignored the abort for `cancelGraceMs`. Seen through an inspector,
// as the Stately inspector and the diagrams show it.
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import type { Tool, ToolCallOutput } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { flush } from '../helpers/deferred.js';
import { call, startRun } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

/** A tool that answers as its `outcome` argument says. */
const outcomeTool = (safe: boolean): Tool<{ outcome: string }> => ({
  name: 'outcome',
  description: 'Answers as told',
  parameters: { type: 'object', properties: { outcome: { type: 'string' } }, required: ['outcome'] },
  readOnly: safe,
  concurrencySafe: safe,
  execute: async ({ outcome }) => {
    if (outcome === 'throw') throw new Error('boom');
    if (outcome === 'error') return { content: 'no', isError: true, code: 'own_error' };
    if (outcome === 'errorFalse') return { content: 'fine', isError: false };
    return 'ok';
  },
});

/** An inspector that records the final state of every ToolCall actor, by call id. */
function finalStates() {
  const states = new Map<string, unknown>();
  const inspect = (event: InspectionEvent) => {
    if (event.type !== '@xstate.snapshot') return;
    const snapshot = event.snapshot as { status: string; value?: unknown; machine?: { id: string }; output?: ToolCallOutput };
    if (snapshot.machine?.id === 'toolCall' && snapshot.status === 'done') states.set(snapshot.output!.call.id, snapshot.value);
  };
  return { states, inspect };
}

describe('the ToolCall’s final state', () => {
  it.each([false, true])('is succeeded or failed as the result is (concurrent batch: %s)', async (safe) => {
    const { states, inspect } = finalStates();
    const run = startRun({
      provider: createScriptedProvider([
        {
          toolCalls: [
            call('ok', 'outcome', { outcome: 'ok' }),
            call('own', 'outcome', { outcome: 'error' }),
            call('plain', 'outcome', { outcome: 'errorFalse' }),
            call('thrown', 'outcome', { outcome: 'throw' }),
            call('invalid', 'outcome', { outcome: 1 }),
            call('badJson', 'outcome', '{'),
          ],
        },
        { text: 'done' },
      ]),
      tools: [outcomeTool(safe)],
      input: 'go',
      inspect,
    });
    const output = await run.output;
    expect(output.status).toBe('completed');
    expect(Object.fromEntries(states)).toEqual({
      ok: 'succeeded',
      own: 'failed',
      plain: 'succeeded',
      thrown: 'failed',
      invalid: 'failed',
      badJson: 'failed',
    });
    // The state agrees with the tool event the Run published for the call.
    for (const event of run.events) {
      if (event.type === 'tool.completed') expect(states.get(event.callId)).toBe('succeeded');
      if (event.type === 'tool.failed') expect(states.get(event.callId)).toBe('failed');
    }
  });

  it('is cancelled when the tool stops after the abort, abandoned when it ignores it', async () => {
    const stops = gatedTool({ name: 'stops', parallelSafe: true });
    const ignores = gatedTool({ name: 'ignores', parallelSafe: true, honourSignal: false });
    const { states, inspect } = finalStates();
    const run = startRun({
      provider: createScriptedProvider([{ toolCalls: [call('s', 'stops', { id: 's' }), call('i', 'ignores', { id: 'i' })] }]),
      tools: [stops, ignores],
      input: 'go',
      limits: { cancelGraceMs: 0 },
      inspect,
    });
    await stops.waitForStarts(1);
    await ignores.waitForStarts(1);
    await flush();
    run.actor.send({ type: 'CANCEL' });
    const output = await run.output;
    expect(output.status).toBe('cancelled');
    expect(Object.fromEntries(states)).toEqual({ s: 'cancelled', i: 'abandoned' });
  });
});
