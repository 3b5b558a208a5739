// createAgent refuses options it cannot use at once, quoting the bad value, instead of
// failing in the first Run.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createAgent, type AgentOptions } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';

const provider = createScriptedProvider([{ text: 'ok' }]);
const create = (options: unknown) => () => createAgent(options as AgentOptions);

describe('createAgent checks its options at creation', () => {
  it.each<[string, unknown, RegExp]>([
    ['no options at all', undefined, /options object with a provider, got undefined/],
    ['a missing provider', {}, /provider is required/],
    ['a provider without complete()', { provider: 'openai' }, /provider must have a complete\(\) method, got "openai" \(a string\)/],
    ['a store without load()', { provider, sessionStore: { append: async () => {} } }, /sessionStore must have load\(\) and append\(\) methods; an object lacks load\(\)/],
    ['a store without either', { provider, sessionStore: 'memory' }, /"memory" \(a string\) lacks load and append\(\)/],
    ['an unknown limit key', { provider, limits: { maxIteration: 3 } }, /limits\.maxIteration is not a limit/],
    ['a limit of the wrong type', { provider, limits: { maxIterations: '3' } }, /limits\.maxIterations must be an integer >= 0, got "3" \(a string\)/],
    ['tools that are neither a registry nor an array', { provider, tools: 42 }, /tools must be a ToolRegistry or an array of tools, got 42 \(a number\)/],
    ['instructions of the wrong type', { provider, instructions: 7 }, /instructions must be a string or a function that returns one, got 7 \(a number\)/],
    ['an inspector that is not one', { provider, inspect: 'yes' }, /inspect must be an XState inspector/],
    ['a clock that is not a function', { provider, now: 0 }, /now must be a function, got 0 \(a number\)/],
  ])('refuses %s with a ConfigurationError', (_, options, message) => {
    expect(create(options)).toThrow(ConfigurationError);
    expect(create(options)).toThrow(message);
    try {
      create(options)();
    } catch (error) {
      expect((error as ConfigurationError).code).toBe('invalid_option');
    }
  });

  it('accepts a complete set of options', () => {
    expect(create({ provider, tools: [], limits: { maxIterations: 2 }, sessionStore: { load: async () => [], append: async () => {} } })).not.toThrow();
  });
});
