import { describe, expect, it } from 'vitest';
import { ConfigurationError, createAnthropicProvider, createOpenAIProvider } from '../../src/index.js';

describe('provider options are checked at creation', () => {
  it.each([
    ['an empty model', { model: '' }],
    ['a baseURL that is not a URL', { model: 'm', baseURL: 'localhost:8080' }],
    ['a baseURL that is not http(s)', { model: 'm', baseURL: 'file:///etc' }],
    ['maxTokens 0', { model: 'm', maxTokens: 0 }],
    ['a negative temperature', { model: 'm', temperature: -1 }],
    ['a negative maxRetries', { model: 'm', retry: { maxRetries: -1 } }],
  ])('refuses %s', (_name, options) => {
    expect(() => createOpenAIProvider(options)).toThrow(ConfigurationError);
    expect(() => createAnthropicProvider(options)).toThrow(ConfigurationError);
  });

  it('refuses an empty anthropicVersion', () => {
    expect(() => createAnthropicProvider({ model: 'm', anthropicVersion: '' })).toThrow(ConfigurationError);
  });

  it('creates providers without touching the network', () => {
    expect(typeof createOpenAIProvider({ model: 'gpt-4o-mini' }).complete).toBe('function');
    expect(typeof createAnthropicProvider({ model: 'claude-sonnet-4-5' }).complete).toBe('function');
  });
});
