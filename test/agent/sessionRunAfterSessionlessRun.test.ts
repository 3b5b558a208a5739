// An agent binds its Run machine once per tool set. A Run without a session, bound first, must
// not leave the agent's later session Runs without the store they append to.
import { describe, expect, it } from 'vitest';
import { createAgent, MemorySessionStore } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

describe('a session Run after a Run without a session', () => {
  it('appends to the agent\'s store', async () => {
    const sessionStore = new MemorySessionStore();
    const provider = createScriptedProvider((request) => (request.messages.at(-1)!.role === 'tool' ? { text: 'done' } : { toolCalls: [call(`c${request.messages.length}`, 'echo', { text: 'x' })] }));
    const agent = createAgent({ provider, sessionStore, tools: [echoTool()] });
    await agent.run('first, without a session');
    const output = await agent.run('then with one', { sessionId: 's1' });
    expect(output.status).toBe('completed');
    expect(await sessionStore.load('s1')).toHaveLength(4);
  });
});
