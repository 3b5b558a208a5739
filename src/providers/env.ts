// Choosing a real provider from environment variables, for the demo and the CLI.
import { ConfigurationError } from '../errors.js';
import type { Provider } from '../types.js';
import { createAnthropicProvider } from './anthropic/anthropicProvider.js';
import { createOpenAIProvider } from './openai/openaiProvider.js';

/** The model used when `TINYAGENT_MODEL` is not set. */
export const DEFAULT_MODELS = { openai: 'gpt-4o-mini', anthropic: 'claude-sonnet-4-5' } as const;

type ProviderName = keyof typeof DEFAULT_MODELS;

function value(env: Record<string, string | undefined>, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === '' ? undefined : raw;
}

function chosen(env: Record<string, string | undefined>, anthropic: boolean, openai: boolean): ProviderName | undefined {
  const choice = value(env, 'TINYAGENT_PROVIDER')?.toLowerCase();
  if (choice === undefined) return anthropic ? 'anthropic' : openai ? 'openai' : undefined;
  if (choice !== 'openai' && choice !== 'anthropic') {
    throw new ConfigurationError(`TINYAGENT_PROVIDER must be "openai" or "anthropic", got "${choice}"`);
  }
  if (choice === 'anthropic' && !anthropic) {
    throw new ConfigurationError('TINYAGENT_PROVIDER is "anthropic" but ANTHROPIC_API_KEY is not set');
  }
  if (choice === 'openai' && !openai) {
    throw new ConfigurationError('TINYAGENT_PROVIDER is "openai" but neither OPENAI_API_KEY nor OPENAI_BASE_URL is set');
  }
  return choice;
}

/**
 * Creates the provider the environment configures, or returns undefined when none is.
 * `ANTHROPIC_API_KEY` (+ `ANTHROPIC_BASE_URL`) selects Anthropic; `OPENAI_API_KEY` and/or
 * `OPENAI_BASE_URL` select OpenAI (a base URL alone suits keyless local servers); when both are
 * configured Anthropic wins unless `TINYAGENT_PROVIDER` says `openai`. `TINYAGENT_MODEL` names
 * the model (defaults: `DEFAULT_MODELS`).
 * @example
 * import { createScriptedProvider } from 'tinyagent/testing';
 * const provider = providerFromEnv() ?? createScriptedProvider([{ text: 'hello' }]);
 */
export function providerFromEnv(env: Record<string, string | undefined> = process.env): Provider | undefined {
  const anthropicKey = value(env, 'ANTHROPIC_API_KEY');
  const openaiKey = value(env, 'OPENAI_API_KEY');
  const openaiBaseURL = value(env, 'OPENAI_BASE_URL');
  const name = chosen(env, anthropicKey !== undefined, openaiKey !== undefined || openaiBaseURL !== undefined);
  if (name === undefined) return undefined;
  const model = value(env, 'TINYAGENT_MODEL') ?? DEFAULT_MODELS[name];
  if (name === 'anthropic') {
    return createAnthropicProvider({ model, apiKey: anthropicKey, baseURL: value(env, 'ANTHROPIC_BASE_URL') });
  }
  return createOpenAIProvider({ model, apiKey: openaiKey, baseURL: openaiBaseURL });
}
