// Checks of the options a built-in tool factory receives: a bad value is a ConfigurationError
// at creation, never a surprise at the first call.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { ConfigurationError, type NeedsApprovalFn } from '../../core.js';

/** The longest delay a Node timer keeps: a longer one fires after 1 ms. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The value when it is an integer from `min` to `max`, the default when it is undefined.
 * @example integerOption('timeoutMs', undefined, 1, 120_000, MAX_TIMER_MS) // 120000
 */
export function integerOption(name: string, value: unknown, min: number, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `>= ${min}` : `from ${min} to ${max}`;
    throw new ConfigurationError(`${name} must be an integer ${range}, got ${shown(value)}`);
  }
  return value;
}

/**
 * The value when it is a boolean, the default when it is undefined.
 * @example booleanOption('write', undefined, false) // false
 */
export function booleanOption(name: string, value: unknown, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new ConfigurationError(`${name} must be a boolean, got ${shown(value)}`);
  return value;
}

/**
 * The absolute path of an existing directory; anything else is a ConfigurationError.
 * @example directoryOption('root', '.') // '/current/working/directory'
 */
export function directoryOption(name: string, value: unknown): string {
  if (typeof value !== 'string' || value === '') throw new ConfigurationError(`${name} must be a non-empty path, got ${shown(value)}`);
  const path = resolve(value);
  let isDirectory: boolean;
  try {
    isDirectory = statSync(path).isDirectory();
  } catch (error) {
    throw new ConfigurationError(`${name} ${JSON.stringify(value)} cannot be used: ${errorText(error)}`);
  }
  if (!isDirectory) throw new ConfigurationError(`${name} ${JSON.stringify(value)} is not a directory`);
  return path;
}

/**
 * A `needsApproval` option: a boolean or a function of the call's arguments.
 * @example approvalOption(true) // true
 */
export function approvalOption<Args>(value: unknown): boolean | NeedsApprovalFn<Args> | undefined {
  if (value === undefined || typeof value === 'boolean') return value;
  if (typeof value === 'function') return value as NeedsApprovalFn<Args>;
  throw new ConfigurationError(`needsApproval must be a boolean or a function, got ${shown(value)}`);
}

/**
 * An options argument that is a plain object.
 * @example optionsObject('createShellTool', { cwd: '.' })
 */
export function optionsObject(factory: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ConfigurationError(`${factory} needs an options object, got ${shown(value)}`);
  }
  return value as Record<string, unknown>;
}

/**
 * Refuses option keys the factory does not know, so a typo is not silently ignored.
 * @example knownKeys('createShellTool', { cwd: '.' }, ['cwd'])
 */
export function knownKeys(factory: string, options: Record<string, unknown>, known: readonly string[]): void {
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) throw new ConfigurationError(`${factory}: ${key} is not an option; options: ${known.join(', ')}`);
  }
}

/**
 * A short description of a bad value: strings and numbers quoted, other kinds named.
 * @example shown('3') // '"3" (a string)'
 */
export function shown(value: unknown): string {
  if (typeof value === 'string') return `${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)} (a string)`;
  if (typeof value === 'number' || typeof value === 'boolean') return `${String(value)} (a ${typeof value})`;
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
