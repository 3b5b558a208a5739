// A tool that runs the agent on its own Run's session would wait for that Run, which waits
// for the tool. The inner Run is refused at once with a clear error instead.
import { describe, expect, it } from 'vitest';
import { createAgent, SessionError, type Agent, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';

function agentWithNestedTool(innerSessionId: (outer: string) => string | undefined, useStream = false) {
  const outcomes: unknown[] = [];
  const nested: Tool<{ session: string }> = {
    name: 'nested',
    description: 'Runs the agent again',
    parameters: { type: 'object', properties: { session: { type: 'string' } }, required: ['session'] },
    async execute({ session }) {
      const sessionId = innerSessionId(session);
      try {
        if (useStream) {
          await new Promise<void>((resolve, reject) => agent.stream('inner', { sessionId }).subscribe({ error: reject, complete: resolve }));
          outcomes.push('ok');
        } else {
          outcomes.push((await agent.run('inner', { sessionId })).text);
        }
      } catch (error) {
        outcomes.push(error);
        throw error;
      }
      return 'inner ok';
    },
  };
  const provider = createScriptedProvider((request) => {
    const last = request.messages.at(-1)!;
    if (last.content === 'inner') return { text: 'inner answer' };
    if (last.role === 'tool') return { text: `outer saw: ${last.content}` };
    return { toolCalls: [call('c1', 'nested', { session: 'outer' })] };
  });
  const agent: Agent = createAgent({ provider, tools: [nested] });
  return { agent: () => agent, outcomes };
}

describe('a Run started by a tool on its own Run’s session', () => {
  it.each([false, true])('fails at once with session_in_use (stream: %s), and the outer Run goes on', async (useStream) => {
    const { agent, outcomes } = agentWithNestedTool((outer) => outer, useStream);
    const output = await agent().run('outer', { sessionId: 'outer' });
    expect(outcomes).toHaveLength(1);
    const error = outcomes[0] as SessionError;
    expect(error).toBeInstanceOf(SessionError);
    expect(error.code).toBe('session_in_use');
    expect(error.message).toContain('Session "outer" is in use by the Run that started this one');
    expect(output.text).toMatch(/^outer saw: .*session_in_use|outer saw: .*in use/);
  });

  it('runs normally on another session, or without one', async () => {
    for (const inner of ['other', undefined]) {
      const { agent, outcomes } = agentWithNestedTool(() => inner);
      const output = await agent().run('outer', { sessionId: 'outer' });
      expect(outcomes).toEqual(['inner answer']);
      expect(output.text).toBe('outer saw: inner ok');
    }
  });

  it('lets work a finished Run left behind use its session again', async () => {
    let later: (() => Promise<unknown>) | undefined;
    const spawner: Tool = {
      name: 'spawner',
      description: 'Leaves work behind',
      parameters: { type: 'object' },
      execute: async () => {
        later = () => agent.run('inner', { sessionId: 's' });
        return 'ok';
      },
    };
    const provider = createScriptedProvider([{ toolCalls: [call('c1', 'spawner')] }, { text: 'done' }, { text: 'inner answer' }]);
    const agent = createAgent({ provider, tools: [spawner] });
    await agent.run('outer', { sessionId: 's' });
    await expect(later!()).resolves.toMatchObject({ text: 'inner answer' });
  });
});
