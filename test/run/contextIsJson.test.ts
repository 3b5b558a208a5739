// The context is JSON, always (docs/design.md, "Snapshots"): what the application passes as a
// cancel reason and what a provider throws are kept described (name, message, code), so
// `JSON.stringify(actor.getPersistedSnapshot())` succeeds at every step, and what it writes restores.
import { describe, expect, it } from 'vitest';
import { createRunActor, type RunActor } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { runToPromise } from '../../src/run/runEvents.js';
import { flush } from '../helpers/deferred.js';
import { call } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

/** Every snapshot the Run takes, written as JSON the moment it is taken. */
function persistEveryStep(actor: RunActor): string[] {
  const written: string[] = [];
  actor.subscribe(() => written.push(JSON.stringify(actor.getPersistedSnapshot())));
  return written;
}

describe('a Run whose context would hold live values', () => {
  it.each([
    ['a bigint', { at: 1n }],
    ['a cyclic object', (() => { const o: Record<string, unknown> = {}; o.self = o; return o; })()],
    ['a DOMException', new DOMException('stopped', 'AbortError')],
    ['a function', () => 'reason'],
  ])('cancelled with %s as the reason mid-batch: every step persists as JSON, and the last one restores', async (_, reason) => {
    const tool = gatedTool({ honourSignal: true });
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' }), call('b', 'gated', { id: 'b' })] }, { text: 'never' }]);
    const actor = createRunActor({ provider, tools: [tool], input: 'go', runId: 'r' });
    const written = persistEveryStep(actor);
    actor.start();
    await tool.waitForStarts(1);
    const midCancel = JSON.stringify(actor.getPersistedSnapshot());
    actor.send({ type: 'CANCEL', reason });
    expect(() => JSON.stringify(actor.getPersistedSnapshot())).not.toThrow();
    const output = await runToPromise(actor);
    expect(output.status).toBe('cancelled');
    expect(written.length).toBeGreaterThan(3);
    const { context } = actor.getSnapshot();
    expect(context.cancelReason).toMatchObject({ name: expect.any(String), message: expect.any(String) });
    expect(JSON.parse(JSON.stringify(context.cancelReason))).toEqual(context.cancelReason);
    // What was written restores: the Run continues from the JSON (the running call is interrupted).
    const restored = createRunActor({ provider, tools: [tool], input: '', snapshot: JSON.parse(midCancel) });
    restored.start();
    restored.send({ type: 'CANCEL', reason });
    expect((await runToPromise(restored)).status).toBe('cancelled');
  });

  it('fails with a provider TypeError: the outcome keeps its name and message, not `{}`', async () => {
    const provider = createScriptedProvider(() => {
      throw new TypeError('x is not a function');
    });
    const actor = createRunActor({ provider, tools: [], input: 'go' });
    const written = persistEveryStep(actor);
    actor.start();
    const output = await runToPromise(actor);
    expect(output).toMatchObject({ status: 'failed', error: { code: 'provider_error', message: 'Provider request failed: x is not a function' } });
    const persisted = JSON.parse(written.at(-1)!) as { context: { outcome: { cause: unknown } } };
    expect(persisted.context.outcome.cause).toEqual({ name: 'TypeError', message: 'x is not a function' });
  });

  it('cancelled by an aborted signal: the DOMException reason is described in context', async () => {
    const controller = new AbortController();
    const provider = createScriptedProvider(() => new Promise(() => {}));
    const actor = createRunActor({ provider, tools: [], input: 'go', signal: controller.signal });
    actor.start();
    await flush();
    controller.abort();
    await runToPromise(actor);
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as { context: { cancelReason: unknown; outcome: { cause: unknown } } };
    expect(persisted.context.cancelReason).toEqual({ name: 'AbortError', message: 'This operation was aborted' });
  });
});
