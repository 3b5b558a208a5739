// Checking a tool's `permissionArgument` at registration, so that a typo surfaces there
// rather than as a rule that silently never matches.
import { describeValue } from '../describeValue.js';

const KINDS: ReadonlySet<unknown> = new Set(['path', 'command', 'text']);

/**
 * Why `value` is not a valid `Tool.permissionArgument`, or undefined when it is (or is absent).
 * @example checkPermissionArgument({ name: 'path', kind: 'path' }) // undefined
 */
export function checkPermissionArgument(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value === '' ? 'must name an argument, got an empty string' : undefined;
  if (typeof value !== 'object' || value === null) return `must be an argument name or { name, kind }, got ${describeValue(value)}`;
  const { name, kind, default: fallback } = value as Record<string, unknown>;
  if (typeof name !== 'string' || name === '') return `name must be a non-empty string, got ${describeValue(name)}`;
  if (!KINDS.has(kind)) return `kind must be "path", "command" or "text", got ${describeValue(kind)}`;
  if (fallback !== undefined && typeof fallback !== 'string') return `default must be a string when present, got ${describeValue(fallback)}`;
  return undefined;
}
