// createAgent({ approve }) answers approval requests; without it, an agent's Runs deny
// calls that need approval at once (no one could send them APPROVE), never waiting forever.
import { describe, expect, it } from 'vitest';
import { createAgent, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';

const guarded: Tool = {
  name: 'guarded',
  description: 'Needs a yes',
  parameters: { type: 'object' },
  needsApproval: true,
  execute: async () => 'ran',
};

const script = () => createScriptedProvider([{ toolCalls: [call('c1', 'guarded')] }, { text: 'done' }]);

describe('approvals through createAgent', () => {
  it('denies at once without an approver', async () => {
    const output = await createAgent({ provider: script(), tools: [guarded] }).run('go');
    expect(output.messages.find((m) => m.role === 'tool')).toMatchObject({ isError: true, code: 'denied' });
  });

  it('runs the call when the approver says yes', async () => {
    const asked: string[] = [];
    const approve = (request: { toolName: string }) => {
      asked.push(request.toolName);
      return true;
    };
    const output = await createAgent({ provider: script(), tools: [guarded], approve }).run('go');
    expect(asked).toEqual(['guarded']);
    expect(output.messages.find((m) => m.role === 'tool')).toMatchObject({ isError: false, content: 'ran' });
  });
});
