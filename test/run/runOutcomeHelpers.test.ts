// What users need from a Run actor without importing xstate: runToPromise, RunOutput.runId, the
// abort reason (described) as a cancelled Run's cause, and the text streamed before a cancel.
import { describe, expect, it } from 'vitest';
import { createRunActor, RunError } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { runToPromise } from '../../src/run/runEvents.js';
import { flush } from '../helpers/deferred.js';

describe('runToPromise', () => {
  it('resolves the RunOutput, which carries the runId', async () => {
    const actor = createRunActor({ provider: createScriptedProvider([{ text: 'hi' }]), tools: [], input: 'go', runId: 'run-42' });
    actor.start();
    await expect(runToPromise(actor)).resolves.toMatchObject({ runId: 'run-42', status: 'completed', text: 'hi' });
    // Also for an actor that already ended.
    await expect(runToPromise(actor)).resolves.toMatchObject({ runId: 'run-42' });
  });

  it('rejects with a cancelled RunError when the actor is stopped before it ends', async () => {
    const actor = createRunActor({ provider: createScriptedProvider(() => new Promise(() => {})), tools: [], input: 'go', runId: 'r' });
    actor.start();
    const outcome = runToPromise(actor);
    actor.stop();
    const error = await outcome.catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(RunError);
    expect(error).toMatchObject({ code: 'cancelled', output: { runId: 'r', status: 'cancelled' } });
  });
});

describe('a cancelled Run', () => {
  it('keeps the abort reason, described, as its outcome cause and the text streamed before the cancel', async () => {
    const controller = new AbortController();
    const provider = createScriptedProvider((_request, _index, options) => {
      options.onTextDelta?.('Half an ');
      options.onTextDelta?.('answer');
      return new Promise(() => {});
    });
    const actor = createRunActor({ provider, tools: [], input: 'go', signal: controller.signal });
    actor.start();
    await flush();
    const reason = new Error('user left');
    controller.abort(reason);
    const output = await runToPromise(actor);
    expect(output).toMatchObject({ status: 'cancelled', text: 'Half an answer', error: { code: 'cancelled' } });
    // The context is data: the reason is described there; the live value never enters it.
    expect(actor.getSnapshot().context.outcome?.cause).toEqual({ name: 'Error', message: 'user left' });
  });
});
