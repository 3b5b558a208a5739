// A Provider over the Anthropic Messages API.
import { ConfigurationError } from '../../errors.js';
import type { Provider } from '../../types.js';
import { createHttpProvider } from '../httpProvider.js';
import { resolveHttpOptions, type HttpProviderOptions } from '../options.js';
import { mapAnthropicRequest } from './mapRequest.js';
import { mapAnthropicMessage } from './mapResponse.js';
import { AnthropicStreamAccumulator } from './streamAccumulator.js';

/** Options of `createAnthropicProvider`. `baseURL` defaults to `https://api.anthropic.com`. */
export interface AnthropicProviderOptions extends HttpProviderOptions {
  /** Anthropic requires it. Default 4096. */
  maxTokens?: number;
  /** The `anthropic-version` header. Default `2023-06-01`. */
  anthropicVersion?: string;
}

export const ANTHROPIC_BASE_URL = 'https://api.anthropic.com';
export const ANTHROPIC_VERSION = '2023-06-01';
export const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;

/**
 * Creates a Provider that talks to the Anthropic Messages API (`/v1/messages`).
 * @example
 * const provider = createAnthropicProvider({ model: 'claude-sonnet-4-5', apiKey: process.env.ANTHROPIC_API_KEY });
 */
export function createAnthropicProvider(options: AnthropicProviderOptions): Provider {
  const version = options.anthropicVersion ?? ANTHROPIC_VERSION;
  if (typeof version !== 'string' || version === '') {
    throw new ConfigurationError('createAnthropicProvider: anthropicVersion must be a non-empty string');
  }
  const config = resolveHttpOptions(options, {
    factory: 'createAnthropicProvider',
    baseURL: ANTHROPIC_BASE_URL,
    path: '/v1/messages',
    headers: (apiKey): Record<string, string> => ({
      'anthropic-version': version,
      ...(apiKey ? { 'x-api-key': apiKey } : {}),
    }),
  });
  const settings = { ...config, maxTokens: config.maxTokens ?? ANTHROPIC_DEFAULT_MAX_TOKENS };
  return createHttpProvider({
    provider: 'Anthropic',
    system: 'anthropic',
    config: settings,
    body: (request) => mapAnthropicRequest(request, settings),
    mapJson: mapAnthropicMessage,
    accumulator: (emitText) => new AnthropicStreamAccumulator(emitText),
  });
}
