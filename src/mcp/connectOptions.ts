// Checking connectMcpServers' options before anything starts.
import { ConfigurationError } from '../core.js';
import type { McpElicitationHandler } from './elicitationTypes.js';
import { createMemoryOAuthStore } from './oauth/oauthStores.js';
import type { McpOAuthOptions, McpOAuthStore } from './oauth/oauthTypes.js';
import type { ConnectMcpServersOptions } from './types.js';

/** setTimeout's largest delay: a longer one fires at once. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/** Options with defaults filled in. */
export interface ResolvedOptions {
  trusted: ReadonlySet<string>;
  callTimeoutMs: number;
  connectTimeoutMs: number;
  needsApproval: (registeredName: string) => boolean;
  env: Record<string, string | undefined>;
  onElicitation: McpElicitationHandler | undefined;
  oauth: (McpOAuthOptions & { store: McpOAuthStore }) | undefined;
  signal: AbortSignal | undefined;
}

const KNOWN = new Set(['trusted', 'callTimeoutMs', 'connectTimeoutMs', 'needsApproval', 'env', 'onElicitation', 'oauth', 'signal']);

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
  if (options.onElicitation !== undefined && typeof options.onElicitation !== 'function') throw fail('onElicitation must be a function.');
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) throw fail('signal must be an AbortSignal.');
  return {
    trusted: new Set(trusted),
    callTimeoutMs: positive(options.callTimeoutMs, 60_000, 'callTimeoutMs', fail),
    connectTimeoutMs: positive(options.connectTimeoutMs, 30_000, 'connectTimeoutMs', fail),
    needsApproval: approval === true ? () => true : (name) => approvalNames.has(name),
    env: options.env ?? process.env,
    onElicitation: options.onElicitation,
    oauth: resolveOAuth(options.oauth, fail),
    signal: options.signal,
  };
}

function resolveOAuth(oauth: McpOAuthOptions | undefined, fail: (message: string) => Error): ResolvedOptions['oauth'] {
  if (oauth === undefined) return undefined;
  if (typeof oauth !== 'object' || oauth === null || typeof oauth.getAuthorizationCode !== 'function') {
    throw fail('oauth must be an object with a getAuthorizationCode(server, authorizationUrl, { signal }) function.');
  }
  const store = oauth.store ?? createMemoryOAuthStore();
  if (typeof store.load !== 'function' || typeof store.save !== 'function' || typeof store.delete !== 'function') {
    throw fail('oauth.store must have load, save and delete functions.');
  }
  for (const key of ['redirectUri', 'clientName', 'clientMetadataUrl'] as const) {
    if (oauth[key] !== undefined && (typeof oauth[key] !== 'string' || oauth[key] === '')) throw fail(`oauth.${key} must be a non-empty string.`);
  }
  if (oauth.redirectUri !== undefined && !URL.canParse(oauth.redirectUri)) throw fail(`oauth.redirectUri is not a URL: ${JSON.stringify(oauth.redirectUri)}.`);
  return { ...oauth, store };
}

function positive(value: unknown, fallback: number, key: string, fail: (message: string) => Error): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw fail(`${key} must be a positive number of milliseconds, got ${String(value)}.`);
  }
  if (value > MAX_TIMEOUT_MS) {
    throw fail(`${key} must be at most ${MAX_TIMEOUT_MS} ms (about 24.8 days, the longest timer Node.js runs), got ${value}.`);
  }
  return value;
}
