// A CANCEL that arrives while a batch's results are being written: the write is never abandoned
// (the session stays whole), and once it is durable the Run ends cancelled. The provider is not
// asked again, and nothing is reported as a success.
import { describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { createRunActor, runEvents, type Message, type RunEvent, type SessionStore } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { deferred, flush, type Deferred } from '../helpers/deferred.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

/** A session store whose appends wait until the test releases them, one by one. */
function gatedStore() {
  const stored: Message[] = [];
  const pending: Deferred<void>[] = [];
  const store: SessionStore = {
    load: async () => stored.slice(),
    append: async (_id, messages) => {
      const write = deferred();
      pending.push(write);
      await write.promise;
      stored.push(...messages);
    },
  };
  const release = async () => {
    for (let round = 0; round < 50 && pending.length === 0; round++) await flush();
    pending.shift()?.resolve();
    await flush();
  };
  return { store, stored, release, writes: () => pending.length };
}

describe('a CANCEL while the batch results are written', () => {
  it('ends the Run cancelled once the write is durable, without asking the provider again', async () => {
    const { store, stored, release, writes } = gatedStore();
    let asked = 0;
    const script = [{ toolCalls: [call('c1', 'echo', { text: 'x' })] }, { text: 'never asked for' }];
    const provider = createScriptedProvider(() => script[asked++]!);
    const actor = createRunActor({ provider, tools: [echoTool()], input: 'go', history: [], session: { store, sessionId: 's1' } });
    const events: RunEvent[] = [];
    runEvents(actor).subscribe((event) => events.push(event));
    actor.start();
    await release(); // the user message, before the provider is asked
    await release(); // the assistant message with its call
    await flush();
    expect(writes()).toBe(1); // the tool ran; its result is being written
    expect(actor.getSnapshot().matches({ appendingResults: 'persistingResults' })).toBe(true);
    actor.send({ type: 'CANCEL', reason: 'user left' });
    await release();
    // Whatever the Run writes after that is let through: a Run that ignored the cancel ends, and fails the checks below.
    for (let round = 0; round < 5 && actor.getSnapshot().status === 'active'; round++) await release();
    const output = await toPromise(actor);
    expect(output.status).toBe('cancelled');
    expect(output.error?.code).toBe('cancelled');
    expect(asked).toBe(1);
    expect(events.filter((event) => event.type === 'provider.requested')).toHaveLength(1);
    expect(events.at(-1)?.type).toBe('run.cancelled');
    // The result that was being written is durable: the session is whole.
    expect(stored.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
    expectSessionInvariant(stored);
  });
});
