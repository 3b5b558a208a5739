// registerDurableAgent refuses what it cannot run, at once and with a ConfigurationError.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createAgent, type Agent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { registerDurableAgent } from '../../src/dbos/index.js';

describe('registerDurableAgent', () => {
  const factory = () => createAgent({ provider: createScriptedProvider([]) });

  it('refuses a name DBOS and the workflow name cannot carry', () => {
    for (const name of ['', 'has space', 'a/b', 'x'.repeat(101)]) {
      expect(() => registerDurableAgent(name, factory)).toThrow(ConfigurationError);
    }
  });

  it('refuses a factory that is not a function', () => {
    expect(() => registerDurableAgent('no-factory', {} as unknown as () => Agent)).toThrow(/createAgent must be a function/);
  });

  it('refuses input that is not a string, before anything reaches DBOS', async () => {
    const agent = registerDurableAgent('checks-input', factory);
    await expect(agent.start(42 as unknown as string)).rejects.toThrow(ConfigurationError);
    await expect(agent.start('hi', { sessionId: '../escape' })).rejects.toMatchObject({ code: 'invalid_session_id' });
  });
});
