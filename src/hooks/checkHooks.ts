// The hooks option, checked where it is given: a misspelt hook name would otherwise never run.
import { quoteValue } from '../describeValue.js';
import { ConfigurationError } from '../errors.js';
import { DEFAULT_HOOK_TIMEOUT_MS, type AgentHooks } from './hookTypes.js';

const HOOK_NAMES: readonly string[] = ['beforeToolCall', 'afterToolCall', 'beforeProviderRequest', 'afterProviderResponse'];

/**
 * The hooks, checked: an object whose known keys hold functions; throws a `ConfigurationError` otherwise.
 * @example checkHooks({ beforeToolCall: () => ({ decision: 'allow' }) })
 */
export function checkHooks(hooks: unknown): AgentHooks | undefined {
  if (hooks === undefined) return undefined;
  if (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks)) throw new ConfigurationError(`hooks must be an object of hook functions, got ${quoteValue(hooks)}`);
  for (const [key, value] of Object.entries(hooks)) {
    if (!HOOK_NAMES.includes(key)) throw new ConfigurationError(`hooks has no hook ${JSON.stringify(key)}: the hooks are ${HOOK_NAMES.join(', ')}`);
    if (value !== undefined && typeof value !== 'function') throw new ConfigurationError(`hooks.${key} must be a function, got ${quoteValue(value)}`);
  }
  return hooks as AgentHooks;
}

/**
 * `hookTimeoutMs`, checked: a positive number of milliseconds (default 30 000).
 * @example checkHookTimeout(undefined) // 30000
 */
export function checkHookTimeout(value: unknown): number {
  if (value === undefined) return DEFAULT_HOOK_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw new ConfigurationError(`hookTimeoutMs must be a positive number of milliseconds, got ${quoteValue(value)}`);
  return value;
}
