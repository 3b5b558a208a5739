// Permission rules from settings files (docs/permissions.md): `.tinyagent/settings.json` of the
// project and the user's own (`$XDG_CONFIG_HOME/tinyagent/settings.json`, else
// `~/.config/tinyagent/settings.json`), each `{ "permissions": { "allow", "ask", "deny" } }`.
// A file that is not there is no rules; one that cannot be read is a usage error naming it.
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { UsageError } from '../usageError.js';

/** Rules by list, as the settings files and flags give them. */
export interface RuleLists {
  allow: string[];
  ask: string[];
  deny: string[];
}

type Env = Record<string, string | undefined>;

/**
 * The settings files the CLI reads, the user's first, then the project's.
 * @example settingsFiles('/srv/repo', { HOME: '/home/me' }) // ['/home/me/.config/tinyagent/settings.json', '/srv/repo/.tinyagent/settings.json']
 */
export function settingsFiles(cwd: string, env: Env): string[] {
  const xdg = env.XDG_CONFIG_HOME?.trim();
  const config = xdg && path.isAbsolute(xdg) ? xdg : path.join(env.HOME?.trim() || homedir(), '.config');
  return [path.join(config, 'tinyagent', 'settings.json'), path.join(cwd, '.tinyagent', 'settings.json')];
}

function listOf(file: string, list: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((rule) => typeof rule === 'string')) throw new UsageError(`${file}: permissions.${list} must be an array of rule strings`);
  return value as string[];
}

/**
 * The permission rules of one settings file (none when it does not exist).
 * @example readSettingsRules('/srv/repo/.tinyagent/settings.json').deny
 */
export function readSettingsRules(file: string): RuleLists {
  if (!existsSync(file)) return { allow: [], ask: [], deny: [] };
  let settings: unknown;
  try {
    settings = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`${file} is not a JSON settings file: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) throw new UsageError(`${file} must hold a JSON object`);
  const permissions = (settings as Record<string, unknown>).permissions;
  if (permissions === undefined) return { allow: [], ask: [], deny: [] };
  if (typeof permissions !== 'object' || permissions === null || Array.isArray(permissions)) throw new UsageError(`${file}: permissions must be an object { allow?, ask?, deny? }`);
  const unknown = Object.keys(permissions).filter((key) => !['allow', 'ask', 'deny'].includes(key));
  if (unknown.length > 0) throw new UsageError(`${file}: permissions has no list ${unknown.map((key) => JSON.stringify(key)).join(', ')}: the lists are allow, ask and deny`);
  const given = permissions as Record<string, unknown>;
  return { allow: listOf(file, 'allow', given.allow), ask: listOf(file, 'ask', given.ask), deny: listOf(file, 'deny', given.deny) };
}

/**
 * The rules of every source, concatenated list by list (so a deny anywhere wins): the settings
 * files, then `--allowed-tools` (allow) and `--disallowed-tools` (deny).
 * @example mergeRuleLists([{ allow: ['read_file'], ask: [], deny: [] }, { allow: [], ask: [], deny: ['shell(rm *)'] }]).deny // ['shell(rm *)']
 */
export function mergeRuleLists(sources: readonly RuleLists[]): RuleLists {
  return { allow: sources.flatMap((s) => s.allow), ask: sources.flatMap((s) => s.ask), deny: sources.flatMap((s) => s.deny) };
}
