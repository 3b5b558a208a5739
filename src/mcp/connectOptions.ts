// Checking connectMcpServers' options before anything starts.
import { MAX_TIMER_MS, optionChecks } from '../capabilities/shared/options.js';
import type { McpElicitationHandler } from './elicitationTypes.js';
import { createMemoryOAuthStore } from './oauth/oauthStores.js';
import type { McpOAuthOptions, McpOAuthStore } from './oauth/oauthTypes.js';
import type { ConnectMcpServersOptions } from './types.js';


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

const KNOWN = ['trusted', 'callTimeoutMs', 'connectTimeoutMs', 'needsApproval', 'env', 'onElicitation', 'oauth', 'signal'];
const check = optionChecks('connectMcpServers');
const fail = check.fail;

/**
 * Fills in defaults and refuses unknown or ill-typed options, and `trusted` names that are not configured servers.
 * @example resolveOptions({ trusted: ['fs'] }, ['fs']).callTimeoutMs // 60000
 */
export function resolveOptions(options: ConnectMcpServersOptions, servers: readonly string[]): ResolvedOptions {
  check.object(options, KNOWN);
  const trusted = options.trusted ?? [];
  if (!Array.isArray(trusted) || !trusted.every((name) => typeof name === 'string')) throw check.mustBe('trusted', 'an array of server names', trusted);
  for (const name of trusted) {
    if (!servers.includes(name)) throw fail(`trusted names ${JSON.stringify(name)}, which is not a configured server (servers: ${servers.join(', ') || 'none'}).`);
  }
  const approval = options.needsApproval ?? false;
  if (typeof approval !== 'boolean' && !(Array.isArray(approval) && approval.every((name) => typeof name === 'string'))) {
    throw check.mustBe('needsApproval', 'true, false or an array of registered tool names', approval);
  }
  const approvalNames = new Set(Array.isArray(approval) ? approval : []);
  if (options.onElicitation !== undefined && typeof options.onElicitation !== 'function') throw check.mustBe('onElicitation', 'a function', options.onElicitation);
  if (options.signal !== undefined && !(options.signal instanceof AbortSignal)) throw check.mustBe('signal', 'an AbortSignal', options.signal);
  return {
    trusted: new Set(trusted),
    callTimeoutMs: positive(options.callTimeoutMs, 60_000, 'callTimeoutMs'),
    connectTimeoutMs: positive(options.connectTimeoutMs, 30_000, 'connectTimeoutMs'),
    needsApproval: approval === true ? () => true : (name) => approvalNames.has(name),
    env: options.env ?? process.env,
    onElicitation: options.onElicitation,
    oauth: resolveOAuth(options.oauth),
    signal: options.signal,
  };
}

function resolveOAuth(oauth: McpOAuthOptions | undefined): ResolvedOptions['oauth'] {
  if (oauth === undefined) return undefined;
  if (typeof oauth !== 'object' || oauth === null || typeof oauth.getAuthorizationCode !== 'function') {
    throw check.mustBe('oauth', 'an object with a getAuthorizationCode(server, authorizationUrl, { signal }) function', oauth);
  }
  const store = oauth.store ?? createMemoryOAuthStore();
  if (typeof store.load !== 'function' || typeof store.save !== 'function' || typeof store.delete !== 'function') {
    throw check.mustBe('oauth.store', 'an object with load, save and delete functions', store);
  }
  for (const key of ['redirectUri', 'clientName', 'clientMetadataUrl'] as const) {
    if (oauth[key] !== undefined && (typeof oauth[key] !== 'string' || oauth[key] === '')) throw check.mustBe(`oauth.${key}`, 'a non-empty string', oauth[key]);
  }
  if (oauth.redirectUri !== undefined && !URL.canParse(oauth.redirectUri)) throw fail(`oauth.redirectUri is not a URL: ${JSON.stringify(oauth.redirectUri)}.`);
  return { ...oauth, store };
}

function positive(value: unknown, fallback: number, key: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) throw check.mustBe(key, 'a positive number of milliseconds', value);
  if (value > MAX_TIMER_MS) {
    throw check.mustBe(key, `at most ${MAX_TIMER_MS} ms (about 24.8 days, the longest timer Node.js runs)`, value);
  }
  return value;
}
