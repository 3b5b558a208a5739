// Run limits: defaults, and checking the values a caller passes.
import { ConfigurationError } from './errors.js';
import { describeValue, quoteValue } from './describeValue.js';
import type { BudgetLimit, RunLimits } from './types.js';

/**
 * Defaults, documented in docs/design.md ("Limits") and docs/runs.md.
 * @example
 * import { createAgent } from 'tinyagent';
 * createAgent({ provider, limits: { maxIterations: DEFAULT_LIMITS.maxIterations * 2 } })
 */
export const DEFAULT_LIMITS: Readonly<Required<Omit<RunLimits, BudgetLimit>>> = Object.freeze({
  maxIterations: 25,
  maxOutputChars: 30_000,
  maxConcurrency: 10,
  cancelGraceMs: 2_000,
  maxCallsPerResponse: 128,
  maxArgumentsChars: 200_000,
  maxTextChars: 1_000_000,
});

const MINIMUMS: Readonly<Required<Omit<RunLimits, BudgetLimit>>> = {
  maxIterations: 0,
  maxOutputChars: 0,
  maxConcurrency: 1,
  cancelGraceMs: 0,
  maxCallsPerResponse: 1,
  maxArgumentsChars: 2,
  maxTextChars: 0,
};

// Budgets have no default (no budget); each is a non-negative integer, the cost any non-negative number.
const BUDGETS: readonly BudgetLimit[] = ['maxInputTokens', 'maxOutputTokens', 'maxTotalTokens', 'maxToolCalls', 'maxDurationMs', 'maxCostUsd'];

const KNOWN = new Set([...Object.keys(DEFAULT_LIMITS), ...BUDGETS]);

function checkBudget(key: BudgetLimit, value: unknown): number {
  const ok = typeof value === 'number' && value >= 0 && (key === 'maxCostUsd' ? Number.isFinite(value) : Number.isInteger(value));
  if (!ok) throw new ConfigurationError(`limits.${key} must be ${key === 'maxCostUsd' ? 'a finite number' : 'an integer'} >= 0, got ${quoteValue(value)}`);
  return value;
}

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
  const resolved: RunLimits = { ...DEFAULT_LIMITS };
  for (const key of BUDGETS) if (limits[key] !== undefined) resolved[key] = checkBudget(key, limits[key]);
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof typeof DEFAULT_LIMITS)[]) {
    const value = limits[key];
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < MINIMUMS[key]) {
      throw new ConfigurationError(`limits.${key} must be an integer >= ${MINIMUMS[key]}, got ${quoteValue(value)}`);
    }
    resolved[key] = value;
  }
  return resolved;
}
