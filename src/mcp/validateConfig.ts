// Checks the shape of an MCP configuration before anything starts: every mistake is a
// ConfigurationError that names the server and the field.
import { describeValue, isRecord } from '../capabilities/shared/coreHelpers.js';
import { ConfigurationError } from '../core.js';
import type { McpConfig, McpServerConfig, McpServerMap } from './types.js';

const STDIO_FIELDS = new Set(['type', 'command', 'args', 'env', 'cwd']);
const HTTP_FIELDS = new Set(['type', 'url', 'headers', 'oauth', 'authProvider']);
const OAUTH_FIELDS = new Set(['clientId', 'clientSecret', 'scope']);
const AUTH_PROVIDER_METHODS = ['clientInformation', 'tokens', 'saveTokens', 'redirectToAuthorization', 'saveCodeVerifier', 'codeVerifier'];

/**
 * The server map of a config given as `{ mcpServers: {...} }` or as the map itself, with every entry checked.
 * @example serverMapOf({ mcpServers: { fs: { command: 'mcp-fs', args: ['.'] } } }).fs // { command: 'mcp-fs', args: ['.'] }
 */
export function serverMapOf(config: unknown, source = 'MCP config'): McpServerMap {
  if (!isRecord(config)) throw new ConfigurationError(`${source} must be an object, got ${describeValue(config)}.`);
  const map = 'mcpServers' in config ? config.mcpServers : config;
  if (!isRecord(map)) throw new ConfigurationError(`${source}: mcpServers must be an object, got ${describeValue(map)}.`);
  for (const [name, entry] of Object.entries(map)) checkServer(name, entry, source);
  return map as McpServerMap;
}

/**
 * Checks a parsed `.mcp.json` value: an object with an `mcpServers` map of valid entries.
 * @example checkMcpConfig({ mcpServers: {} }, 'mcp.json') // { mcpServers: {} }
 */
export function checkMcpConfig(value: unknown, source: string): McpConfig {
  if (!isRecord(value) || !('mcpServers' in value)) {
    throw new ConfigurationError(`${source} must be an object with an "mcpServers" field, got ${describeValue(value)}.`);
  }
  return { mcpServers: serverMapOf(value, source) };
}

function checkServer(name: string, entry: unknown, source: string): asserts entry is McpServerConfig {
  const at = (field: string) => `${source}: server "${name}": ${field}`;
  if (name.trim() === '') throw new ConfigurationError(`${source}: a server name must not be empty.`);
  if (!isRecord(entry)) throw new ConfigurationError(`${source}: server "${name}" must be an object, got ${describeValue(entry)}.`);
  const type = entry.type ?? ('url' in entry ? 'http' : 'stdio');
  if (type !== 'stdio' && type !== 'http') {
    throw new ConfigurationError(`${at('type')} must be "stdio" or "http", got ${JSON.stringify(type)}.`);
  }
  const allowed = type === 'http' ? HTTP_FIELDS : STDIO_FIELDS;
  for (const field of Object.keys(entry)) {
    if (!allowed.has(field)) {
      throw new ConfigurationError(`${at(field)} is not a field of a ${type} server (fields: ${[...allowed].join(', ')}).`);
    }
  }
  if (type === 'http') {
    if (entry.type !== 'http') throw new ConfigurationError(`${at('type')} must be "http" for a server given by url.`);
    requireString(entry.url, at('url'));
    checkStringRecord(entry.headers, at('headers'));
    if (entry.oauth !== undefined) {
      checkStringRecord(entry.oauth, at('oauth'));
      for (const field of Object.keys(entry.oauth as object)) {
        if (!OAUTH_FIELDS.has(field)) throw new ConfigurationError(`${at(`oauth.${field}`)} is not a field of oauth (fields: ${[...OAUTH_FIELDS].join(', ')}).`);
      }
      requireString((entry.oauth as Record<string, unknown>).clientId, at('oauth.clientId'));
    }
    if (entry.authProvider !== undefined) {
      const provider = entry.authProvider as Record<string, unknown> | null;
      const missing = AUTH_PROVIDER_METHODS.filter((method) => typeof provider?.[method] !== 'function');
      if (typeof provider !== 'object' || provider === null || missing.length > 0) {
        throw new ConfigurationError(`${at('authProvider')} must be an OAuthClientProvider (missing: ${missing.join(', ')}).`);
      }
      if (entry.oauth !== undefined) throw new ConfigurationError(`${at('oauth')} and authProvider cannot both be given.`);
    }
    return;
  }
  requireString(entry.command, at('command'));
  if (entry.args !== undefined) {
    if (!Array.isArray(entry.args)) throw new ConfigurationError(`${at('args')} must be an array of strings, got ${describeValue(entry.args)}.`);
    entry.args.forEach((arg, index) => {
      if (typeof arg !== 'string') throw new ConfigurationError(`${at(`args[${index}]`)} must be a string, got ${describeValue(arg)}.`);
    });
  }
  checkStringRecord(entry.env, at('env'));
  if (entry.cwd !== undefined) requireString(entry.cwd, at('cwd'));
}

function requireString(value: unknown, label: string): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new ConfigurationError(`${label} must be a non-empty string, got ${describeValue(value)}.`);
  }
}

function checkStringRecord(value: unknown, label: string): void {
  if (value === undefined) return;
  if (!isRecord(value)) throw new ConfigurationError(`${label} must be an object of strings, got ${describeValue(value)}.`);
  for (const [key, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new ConfigurationError(`${label}.${key} must be a string, got ${describeValue(item)}.`);
  }
}
