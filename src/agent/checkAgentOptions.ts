// createAgent checks its options at once, so a mistake surfaces where it was made rather
// than in the first Run, with the bad value quoted.
import { quoteValue } from '../describeValue.js';
import { ConfigurationError } from '../errors.js';
import { checkHooks, checkHookTimeout } from '../hooks/checkHooks.js';
import { permissionPolicyOf } from '../permissions/permissionPolicyOf.js';
import type { PermissionRules } from '../permissions/permissionTypes.js';
import { ToolRegistry } from '../tools/registry.js';

const hasMethod = (value: unknown, name: string): boolean =>
  typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>)[name] === 'function';

function expectFunctionOrMissing(options: Record<string, unknown>, key: string): void {
  const value = options[key];
  if (value !== undefined && typeof value !== 'function') throw new ConfigurationError(`${key} must be a function, got ${quoteValue(value)}`);
}

/**
 * Throws a `ConfigurationError` naming the first option `createAgent` cannot use (limits are checked by `resolveLimits`).
 * @example checkAgentOptions({ provider: { complete: async () => ({ text: 'hi' }) } }); // passes
 */
export function checkAgentOptions(options: unknown): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ConfigurationError(`createAgent needs an options object with a provider, got ${quoteValue(options)}`);
  }
  const given = options as Record<string, unknown>;
  if (given.provider === undefined) throw new ConfigurationError('provider is required: pass a Provider, e.g. providerFromEnv() or createScriptedProvider([...])');
  if (!hasMethod(given.provider, 'complete')) throw new ConfigurationError(`provider must have a complete() method, got ${quoteValue(given.provider)}`);
  const { tools, sessionStore, instructions, inspect } = given;
  if (tools !== undefined && !(tools instanceof ToolRegistry) && !Array.isArray(tools)) {
    throw new ConfigurationError(`tools must be a ToolRegistry or an array of tools, got ${quoteValue(tools)}`);
  }
  if (sessionStore !== undefined) {
    const missing = ['load', 'append'].filter((method) => !hasMethod(sessionStore, method));
    if (missing.length > 0) {
      throw new ConfigurationError(`sessionStore must have load() and append() methods; ${quoteValue(sessionStore)} lacks ${missing.join(' and ')}()`);
    }
  }
  if (instructions !== undefined && typeof instructions !== 'string' && typeof instructions !== 'function') {
    throw new ConfigurationError(`instructions must be a string or a function that returns one, got ${quoteValue(instructions)}`);
  }
  if (inspect !== undefined && typeof inspect !== 'function' && !hasMethod(inspect, 'next')) {
    throw new ConfigurationError(`inspect must be an XState inspector (a function or an observer), got ${quoteValue(inspect)}`);
  }
  if (given.name !== undefined && (typeof given.name !== 'string' || given.name.trim() === '')) {
    throw new ConfigurationError(`name must be a non-empty string, got ${quoteValue(given.name)}`);
  }
  checkHooks(given.hooks);
  checkHookTimeout(given.hookTimeoutMs);
  if (given.permissionsRoot !== undefined && (typeof given.permissionsRoot !== 'string' || given.permissionsRoot === '')) {
    throw new ConfigurationError(`permissionsRoot must be a non-empty path, got ${quoteValue(given.permissionsRoot)}`);
  }
  // Parsed now (and remembered for the Runs): a rule that cannot be read fails here, quoted.
  permissionPolicyOf(given.permissions as PermissionRules | undefined, given.permissionsRoot as string | undefined);
  expectFunctionOrMissing(given, 'approve');
  expectFunctionOrMissing(given, 'pricing');
  const limits = given.limits as Record<string, unknown> | undefined;
  if (typeof limits === 'object' && limits !== null && limits.maxCostUsd !== undefined && given.pricing === undefined) {
    throw new ConfigurationError('limits.maxCostUsd needs `pricing(usage)`: tinyagent ships no price table, the application prices its responses');
  }
  expectFunctionOrMissing(given, 'onSubscriberError');
  expectFunctionOrMissing(given, 'now');
}
