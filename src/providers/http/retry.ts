// Retry policy: which failures are worth another attempt, and how long to wait before it.
import { ConfigurationError } from '../../errors.js';
import { sleep } from './abort.js';

/** How a provider retries rate limits, server errors and dropped connections. */
export interface ProviderRetryOptions {
  /** Attempts after the first one. Default 2; 0 disables retries. */
  maxRetries?: number;
  /** Delay before the first retry; doubles for each further one. Default 500. */
  baseDelayMs?: number;
  /** Upper bound of any wait, including one a `retry-after` header asks for. Default 30000. */
  maxDelayMs?: number;
  /** Waits between attempts; must reject when `signal` aborts. Inject a fake in tests. */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for jitter. Default `Math.random`. */
  random?: () => number;
}

export type ResolvedRetry = Required<ProviderRetryOptions>;

/** HTTP statuses that mean "try again later": rate limited, or the server failed or is overloaded. */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([429, 500, 502, 503, 504, 529]);

/** A computed backoff delay is cut by up to this fraction, so clients do not retry in lockstep. */
const JITTER = 0.25;

function nonNegativeInteger(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 0) {
    throw new ConfigurationError(`retry.${name} must be an integer >= 0, got ${String(value)}`);
  }
  return value;
}

/** Fills in defaults and checks the numbers. */
export function resolveRetry(options: ProviderRetryOptions = {}): ResolvedRetry {
  return {
    maxRetries: nonNegativeInteger('maxRetries', options.maxRetries, 2),
    baseDelayMs: nonNegativeInteger('baseDelayMs', options.baseDelayMs, 500),
    maxDelayMs: nonNegativeInteger('maxDelayMs', options.maxDelayMs, 30_000),
    sleep: options.sleep ?? sleep,
    random: options.random ?? Math.random,
  };
}

/**
 * The wait before retry number `retry` (1-based): the server's `retry-after` when it sent one,
 * otherwise exponential backoff with jitter; never more than `maxDelayMs`.
 */
export function retryDelay(policy: ResolvedRetry, retry: number, retryAfterMs?: number): number {
  if (retryAfterMs !== undefined) return Math.min(retryAfterMs, policy.maxDelayMs);
  const exponential = Math.min(policy.baseDelayMs * 2 ** (retry - 1), policy.maxDelayMs);
  return Math.round(exponential * (1 - JITTER * policy.random()));
}

/**
 * Reads `retry-after-ms` (milliseconds), else `retry-after` (seconds or an HTTP date).
 * Returns undefined when neither is present or readable.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const value = headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Math.round(Number.parseFloat(value) * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
