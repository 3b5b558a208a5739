// Run limits: defaults, and checking the values a caller passes.
import { ConfigurationError } from './errors.js';
import type { RunLimits } from './types.js';

/** Defaults, documented in the README. */
export const DEFAULT_LIMITS: Readonly<RunLimits> = Object.freeze({
  maxIterations: 25,
  maxOutputChars: 30_000,
  maxConcurrency: 10,
  cancelGraceMs: 2_000,
});

const MINIMUMS: Readonly<RunLimits> = { maxIterations: 0, maxOutputChars: 0, maxConcurrency: 1, cancelGraceMs: 0 };

/**
 * Fills in defaults and rejects values that are not whole numbers at or above their minimum.
 * @example resolveLimits({ maxIterations: 3 }).maxOutputChars // 30000
 */
export function resolveLimits(limits: Partial<RunLimits> = {}): RunLimits {
  const resolved = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof RunLimits)[]) {
    const value = limits[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < MINIMUMS[key]) {
      throw new ConfigurationError(`limits.${key} must be an integer >= ${MINIMUMS[key]}, got ${String(value)}`);
    }
    resolved[key] = value;
  }
  return resolved;
}
