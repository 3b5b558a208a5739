// An agent binds its Runs' environment once per set of tools (machine.provide is a machine's
// construction), yet every Run gets what it must: the agent's session store whether or not the
// first Run had a session, and the tools registered when the Run started.
import { describe, expect, it } from 'vitest';
import { createAgent, MemorySessionStore, type ProviderRequest } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { echoTool } from '../helpers/tools.js';

describe("an agent's Runs", () => {
  it('write their session after a Run without one', async () => {
    const sessionStore = new MemorySessionStore();
    const agent = createAgent({ provider: createScriptedProvider(() => ({ text: 'hi' })), sessionStore });
    await agent.run('no session');
    await agent.run('with a session', { sessionId: 's1' });
    expect((await sessionStore.load('s1')).map((message) => message.role)).toEqual(['user', 'assistant']);
  });

  it('offer the tools registered when each started', async () => {
    const offered: string[][] = [];
    const provider = createScriptedProvider((request: ProviderRequest) => (offered.push(request.tools.map((tool) => tool.name)), { text: 'ok' }));
    const agent = createAgent({ provider });
    await agent.run('one');
    agent.tools.register(echoTool());
    await agent.run('two');
    await agent.run('three');
    expect(offered).toEqual([[], ['echo'], ['echo']]);
  });
});
