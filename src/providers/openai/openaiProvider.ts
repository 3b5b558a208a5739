// A Provider over the OpenAI Chat Completions API and servers compatible with it.
import type { Provider } from '../../types.js';
import { createHttpProvider } from '../httpProvider.js';
import { resolveHttpOptions, type HttpProviderOptions } from '../options.js';
import { mapOpenAIRequest } from './mapRequest.js';
import { mapOpenAICompletion } from './mapResponse.js';
import { OpenAIStreamAccumulator } from './streamAccumulator.js';

/** Options of `createOpenAIProvider`. `baseURL` defaults to `https://api.openai.com/v1`. */
export type OpenAIProviderOptions = HttpProviderOptions;

export const OPENAI_BASE_URL = 'https://api.openai.com/v1';

/**
 * Creates a Provider that talks to an OpenAI-compatible `/chat/completions` endpoint.
 * @example
 * const provider = createOpenAIProvider({ model: 'gpt-4o-mini', apiKey: process.env.OPENAI_API_KEY });
 * const local = createOpenAIProvider({ model: 'llama3.2', baseURL: 'http://127.0.0.1:11434/v1' });
 */
export function createOpenAIProvider(options: OpenAIProviderOptions): Provider {
  const config = resolveHttpOptions(options, {
    factory: 'createOpenAIProvider',
    baseURL: OPENAI_BASE_URL,
    path: '/chat/completions',
    headers: (apiKey): Record<string, string> => (apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
  });
  return createHttpProvider({
    provider: 'OpenAI',
    system: 'openai',
    config,
    body: (request) => mapOpenAIRequest(request, config),
    mapJson: mapOpenAICompletion,
    accumulator: (emitText) => new OpenAIStreamAccumulator(emitText),
  });
}
