// Run limits: defaults, and checking the values a caller passes.
import { ConfigurationError } from './errors.js';
import { describeValue, quoteValue } from './describeValue.js';
import type { RunLimits } from './types.js';

/**
 * Defaults, documented in docs/design.md ("Limits") and docs/runs.md.
 * @example
 * import { createAgent } from 'tinyagent';
 * createAgent({ provider, limits: { maxIterations: DEFAULT_LIMITS.maxIterations * 2 } })
 */
export const DEFAULT_LIMITS: Readonly<RunLimits> = Object.freeze({
  maxIterations: 25,
  maxOutputChars: 30_000,
  maxConcurrency: 10,
  cancelGraceMs: 2_000,
  maxCallsPerResponse: 128,
  maxArgumentsChars: 200_000,
  maxTextChars: 1_000_000,
});

const MINIMUMS: Readonly<RunLimits> = {
  maxIterations: 0,
  maxOutputChars: 0,
  maxConcurrency: 1,
  cancelGraceMs: 0,
  maxCallsPerResponse: 1,
  maxArgumentsChars: 2,
  maxTextChars: 0,
};

const KNOWN = new Set(Object.keys(DEFAULT_LIMITS));

/**
 * Fills in defaults and rejects unknown keys and values that are not whole numbers at or
 * above their minimum, with a `ConfigurationError` that quotes the bad value.
 * @example resolveLimits({ maxIterations: 3 }).maxOutputChars // 30000
 */
export function resolveLimits(limits: Partial<RunLimits> = {}): RunLimits {
  if (limits === null || typeof limits !== 'object') throw new ConfigurationError(`limits must be an object, got ${describeValue(limits)}`);
  for (const key of Object.keys(limits)) {
    if (!KNOWN.has(key)) throw new ConfigurationError(`limits.${key} is not a limit; known limits: ${[...KNOWN].join(', ')}`);
  }
  const resolved = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof RunLimits)[]) {
    const value = limits[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < MINIMUMS[key]) {
      throw new ConfigurationError(`limits.${key} must be an integer >= ${MINIMUMS[key]}, got ${quoteValue(value)}`);
    }
    resolved[key] = value;
  }
  return resolved;
}
