// `${VAR}` and `${VAR:-default}` in a server's fields, as other agents' `.mcp.json` files
// use them. The default applies when the variable is unset or empty (shell `:-`).
import { ConfigurationError } from '../core.js';
import { headerSecrets, redactorOf, urlSecrets, type Redactor } from './redact.js';
import type { McpServerConfig } from './types.js';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** A server entry with every reference expanded and its transport made explicit. */
export type ResolvedServer = (
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { type: 'http'; url: URL; headers: Record<string, string>; oauth?: ResolvedOAuthClient; authProvider?: unknown }
) & {
  /** Removes what came from the environment and the URL's credentials from a text. */
  redact: Redactor;
};

/** An HTTP server's configured OAuth client, expanded. */
export interface ResolvedOAuthClient {
  clientId?: string;
  clientSecret?: string;
  scope?: string;
}

type Env = Record<string, string | undefined>;

/**
 * Expands `${VAR}` / `${VAR:-default}` in one string; `label` names the field in the error for an unset variable.
 * @example expandString('${HOME:-/tmp}/data', {}, 'server "fs": args[0]') // '/tmp/data'
 */
export function expandString(text: string, env: Env, label: string, expanded: string[] = []): string {
  return text.replace(REFERENCE, (_match, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') {
      expanded.push(value);
      return value;
    }
    if (fallback !== undefined) return fallback;
    throw new ConfigurationError(
      `MCP config: ${label} uses \${${name}}, which is not set (give a default with \${${name}:-value}).`,
    );
  });
}

/**
 * Expands the references of one server entry (command, args, env, url, headers) and checks the url.
 * @example resolveServer('fs', { command: 'mcp-fs', args: ['${ROOT:-.}'] }, {}).type // 'stdio'
 */
export function resolveServer(name: string, entry: McpServerConfig, env: Env): ResolvedServer {
  const at = (field: string) => `server "${name}": ${field}`;
  const secrets: string[] = [];
  const expand = (text: string, field: string) => expandString(text, env, at(field), secrets);
  const expandRecord = (record: Record<string, string> | undefined, field: string) =>
    Object.fromEntries(Object.entries(record ?? {}).map(([key, value]) => [key, expand(value, `${field}.${key}`)]));
  if (entry.type === 'http') {
    const text = expand(entry.url, 'url');
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ConfigurationError(`MCP config: ${at('url')} is not a valid URL: ${JSON.stringify(text)}.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigurationError(`MCP config: ${at('url')} must be an http: or https: URL, got ${JSON.stringify(url.protocol)}.`);
    }
    const headers = expandRecord(entry.headers, 'headers');
    const oauth = entry.oauth === undefined ? undefined : (expandRecord(entry.oauth as unknown as Record<string, string>, 'oauth') as ResolvedOAuthClient);
    if (oauth?.clientSecret !== undefined) secrets.push(oauth.clientSecret);
    const redact = redactorOf([...secrets, ...urlSecrets(url), ...headerSecrets(headers)]);
    return { type: 'http', url, headers, redact, ...(oauth ? { oauth } : {}), ...(entry.authProvider ? { authProvider: entry.authProvider } : {}) };
  }
  const command = expand(entry.command, 'command');
  if (command.trim() === '') throw new ConfigurationError(`MCP config: ${at('command')} is empty once expanded.`);
  const args = (entry.args ?? []).map((arg, index) => expand(arg, `args[${index}]`));
  const resolved: ResolvedServer = { type: 'stdio', command, args, env: expandRecord(entry.env, 'env'), redact: redactorOf(secrets) };
  if (entry.cwd !== undefined) resolved.cwd = entry.cwd;
  return resolved;
}
