// createAgent({ instructions }) reaches every Run: the system message first in every
// request, never written to the session, so a session's Runs do not accumulate copies.
import { describe, expect, it } from 'vitest';
import { createAgent, MemorySessionStore } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';

describe('createAgent({ instructions })', () => {
  it('sends a string first in every request of every Run, and never stores it', async () => {
    const store = new MemorySessionStore();
    const provider = createScriptedProvider([{ text: 'one' }, { text: 'two' }]);
    const agent = createAgent({ provider, sessionStore: store, instructions: 'Answer in one word.' });
    await agent.run('first', { sessionId: 's' });
    await agent.run('second', { sessionId: 's' });
    expect(provider.requests.map((request) => request.messages.map((m) => m.role))).toEqual([
      ['system', 'user'],
      ['system', 'user', 'assistant', 'user'],
    ]);
    expect(provider.requests[1]!.messages[0]).toEqual({ role: 'system', content: 'Answer in one word.' });
    expect((await store.load('s')).map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('asks a function with the Run it is for', async () => {
    const provider = createScriptedProvider([{ text: 'ok' }]);
    const agent = createAgent({ provider, instructions: (run) => `Run ${run.runId} on "${run.input}"` });
    const output = await agent.run('hello');
    expect(provider.requests[0]!.messages[0]).toEqual({ role: 'system', content: `Run ${output.runId} on "hello"` });
  });
});
