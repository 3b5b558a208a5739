// Checks of the options a capability factory receives, in one message style:
// "<factory>: <option> must be <what>, got <value>." A bad value is a ConfigurationError at
// creation, never a surprise at the first call.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigurationError, type NeedsApprovalFn } from '../../core.js';
import { describeError, describeValue, isRecord } from './coreHelpers.js';

/** The longest delay a Node timer keeps: a longer one fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** The checks of one factory's options; every message starts with the factory's name. */
export interface OptionChecks {
  /** A ConfigurationError `<factory>: <message>` (for checks of a module's own). */
  fail(message: string): ConfigurationError;
  /** A ConfigurationError `<factory>: <name> must be <what>, got <value>.` */
  mustBe(name: string, what: string, value: unknown): ConfigurationError;
  /** The options argument when it is a plain object, with no key outside `known`. */
  object(value: unknown, known: readonly string[]): Record<string, unknown>;
  /** An integer from `min` to `max`; the fallback when undefined. */
  integer(name: string, value: unknown, min: number, fallback: number, max?: number): number;
  /** A boolean; the fallback when undefined. */
  boolean(name: string, value: unknown, fallback: boolean): boolean;
  /** The absolute path of an existing directory. */
  directory(name: string, value: unknown): string;
  /** A `needsApproval` option: a boolean or a function of the call's arguments. */
  approval<Args>(value: unknown): boolean | NeedsApprovalFn<Args> | undefined;
}

/**
 * The option checks of one factory.
 * @example
 * const check = optionChecks('createShellTool');
 * const timeoutMs = check.integer('timeoutMs', undefined, 1, 120_000, MAX_TIMER_MS); // 120000
 */
export function optionChecks(factory: string): OptionChecks {
  const fail = (message: string) => new ConfigurationError(`${factory}: ${message}`);
  const mustBe = (name: string, what: string, value: unknown) => fail(`${name} must be ${what}, got ${describeValue(value)}.`);
  return {
    fail,
    mustBe,
    object(value, known) {
      if (!isRecord(value)) throw fail(`the options must be an object, got ${describeValue(value)}.`);
      for (const key of Object.keys(value)) {
        if (!known.includes(key)) throw fail(`${JSON.stringify(key)} is not an option (options: ${known.join(', ')}).`);
      }
      return value;
    },
    integer(name, value, min, fallback, max = Number.MAX_SAFE_INTEGER) {
      if (value === undefined) return fallback;
      if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
        throw mustBe(name, `an integer ${max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`}`, value);
      }
      return value;
    },
    boolean(name, value, fallback) {
      if (value === undefined) return fallback;
      if (typeof value !== 'boolean') throw mustBe(name, 'a boolean', value);
      return value;
    },
    directory(name, value) {
      if (typeof value !== 'string' || value === '') throw mustBe(name, 'a non-empty path', value);
      const path = resolve(value);
      let isDirectory: boolean;
      try {
        isDirectory = statSync(path).isDirectory();
      } catch (error) {
        throw fail(`${name} ${JSON.stringify(value)} cannot be used: ${describeError(error)}.`);
      }
      if (!isDirectory) throw fail(`${name} ${JSON.stringify(value)} is not a directory.`);
      return path;
    },
    approval<Args>(value: unknown) {
      if (value === undefined || typeof value === 'boolean') return value;
      if (typeof value === 'function') return value as NeedsApprovalFn<Args>;
      throw mustBe('needsApproval', 'a boolean or a function', value);
    },
  };
}
