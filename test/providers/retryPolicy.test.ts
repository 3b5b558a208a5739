import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { parseRetryAfter, resolveRetry, retryDelay } from '../../src/providers/http/retry.js';

describe('retry-after', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');

  it.each([
    [{ 'retry-after': '7' }, 7000],
    [{ 'retry-after': '0.5' }, 500],
    [{ 'retry-after-ms': '250' }, 250],
    [{ 'retry-after-ms': '250', 'retry-after': '9' }, 250],
    [{ 'retry-after': 'Thu, 01 Jan 2026 00:00:12 GMT' }, 12_000],
    [{ 'retry-after': 'Wed, 31 Dec 2025 23:59:00 GMT' }, 0],
    [{ 'retry-after': 'soon' }, undefined],
    [{}, undefined],
  ])('%j → %s ms', (headers, expected) => {
    expect(parseRetryAfter(new Headers(headers), now)).toBe(expected);
  });
});

describe('backoff', () => {
  it('doubles from baseDelayMs, with up to 25% jitter, bounded by maxDelayMs', () => {
    const policy = resolveRetry({ baseDelayMs: 100, maxDelayMs: 1000, random: () => 0 });
    expect([1, 2, 3, 4, 5].map((n) => retryDelay(policy, n))).toEqual([100, 200, 400, 800, 1000]);
    const jittered = resolveRetry({ baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.999 });
    expect(retryDelay(jittered, 1)).toBe(75);
  });

  it('uses the server retry-after instead, bounded by maxDelayMs', () => {
    const policy = resolveRetry({ maxDelayMs: 5000, random: () => 0 });
    expect(retryDelay(policy, 1, 3000)).toBe(3000);
    expect(retryDelay(policy, 1, 60_000)).toBe(5000);
  });

  it('has documented defaults', () => {
    const { maxRetries, baseDelayMs, maxDelayMs } = resolveRetry();
    expect({ maxRetries, baseDelayMs, maxDelayMs }).toEqual({ maxRetries: 2, baseDelayMs: 500, maxDelayMs: 30_000 });
  });

  it.each([{ maxRetries: -1 }, { maxRetries: 1.5 }, { baseDelayMs: Number.NaN }, { maxDelayMs: -5 }])('refuses %j', (options) => {
    expect(() => resolveRetry(options)).toThrow(ConfigurationError);
  });
});
