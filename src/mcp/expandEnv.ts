// `${VAR}` and `${VAR:-default}` in a server's fields, as other agents' `.mcp.json` files
// use them. The default applies when the variable is unset or empty (shell `:-`).
import { ConfigurationError } from '../core.js';
import type { McpServerConfig } from './types.js';

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** A server entry with every reference expanded and its transport made explicit. */
export type ResolvedServer =
  | { type: 'stdio'; command: string; args: string[]; env: Record<string, string>; cwd?: string }
  | { type: 'http'; url: URL; headers: Record<string, string> };

type Env = Record<string, string | undefined>;

/**
 * Expands `${VAR}` / `${VAR:-default}` in one string; `label` names the field in the error for an unset variable.
 * @example expandString('${HOME:-/tmp}/data', {}, 'server "fs": args[0]') // '/tmp/data'
 */
export function expandString(text: string, env: Env, label: string): string {
  return text.replace(REFERENCE, (_match, name: string, fallback: string | undefined) => {
    const value = env[name];
    if (value !== undefined && value !== '') return value;
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
  const expandRecord = (record: Record<string, string> | undefined, field: string) =>
    Object.fromEntries(Object.entries(record ?? {}).map(([key, value]) => [key, expandString(value, env, at(`${field}.${key}`))]));
  if (entry.type === 'http') {
    const text = expandString(entry.url, env, at('url'));
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      throw new ConfigurationError(`MCP config: ${at('url')} is not a valid URL: ${JSON.stringify(text)}.`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConfigurationError(`MCP config: ${at('url')} must be an http: or https: URL, got ${JSON.stringify(url.protocol)}.`);
    }
    return { type: 'http', url, headers: expandRecord(entry.headers, 'headers') };
  }
  const command = expandString(entry.command, env, at('command'));
  if (command.trim() === '') throw new ConfigurationError(`MCP config: ${at('command')} is empty once expanded.`);
  const args = (entry.args ?? []).map((arg, index) => expandString(arg, env, at(`args[${index}]`)));
  const resolved: ResolvedServer = { type: 'stdio', command, args, env: expandRecord(entry.env, 'env') };
  if (entry.cwd !== undefined) resolved.cwd = entry.cwd;
  return resolved;
}
