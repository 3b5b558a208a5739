// Checking connectMcpServers' options before anything starts.
import { ConfigurationError } from '../core.js';
import type { ConnectMcpServersOptions } from './types.js';

/** Options with defaults filled in. */
export interface ResolvedOptions {
  trusted: ReadonlySet<string>;
  callTimeoutMs: number;
  connectTimeoutMs: number;
  needsApproval: (registeredName: string) => boolean;
  env: Record<string, string | undefined>;
}

const KNOWN = new Set(['trusted', 'callTimeoutMs', 'connectTimeoutMs', 'needsApproval', 'env']);

/**
 * Fills in defaults and refuses unknown or ill-typed options, and `trusted` names that are not configured servers.
 * @example resolveOptions({ trusted: ['fs'] }, ['fs']).callTimeoutMs // 60000
 */
export function resolveOptions(options: ConnectMcpServersOptions, servers: readonly string[]): ResolvedOptions {
  const fail = (message: string) => new ConfigurationError(`connectMcpServers: ${message}`);
  if (typeof options !== 'object' || options === null) throw fail('options must be an object.');
  for (const key of Object.keys(options)) {
    if (!KNOWN.has(key)) throw fail(`unknown option ${JSON.stringify(key)} (options: ${[...KNOWN].join(', ')}).`);
  }
  const trusted = options.trusted ?? [];
  if (!Array.isArray(trusted) || !trusted.every((name) => typeof name === 'string')) throw fail('trusted must be an array of server names.');
  for (const name of trusted) {
    if (!servers.includes(name)) throw fail(`trusted names ${JSON.stringify(name)}, which is not a configured server (servers: ${servers.join(', ') || 'none'}).`);
  }
  const approval = options.needsApproval ?? false;
  if (typeof approval !== 'boolean' && !(Array.isArray(approval) && approval.every((name) => typeof name === 'string'))) {
    throw fail('needsApproval must be true, false or an array of registered tool names.');
  }
  const approvalNames = new Set(Array.isArray(approval) ? approval : []);
  return {
    trusted: new Set(trusted),
    callTimeoutMs: positive(options.callTimeoutMs, 60_000, 'callTimeoutMs', fail),
    connectTimeoutMs: positive(options.connectTimeoutMs, 30_000, 'connectTimeoutMs', fail),
    needsApproval: approval === true ? () => true : (name) => approvalNames.has(name),
    env: options.env ?? process.env,
  };
}

function positive(value: unknown, fallback: number, key: string, fail: (message: string) => Error): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw fail(`${key} must be a positive number of milliseconds, got ${String(value)}.`);
  }
  return value;
}
