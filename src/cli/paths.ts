// Where the CLI keeps sessions: outside the project, in the user's state folder, one folder per
// project (as Claude Code does), so that the agent's file tools never reach its own audit trail.
// `--sessions-dir` overrides it.
import { createHash } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The folder options every command shares. */
export interface LocationOptions {
  /** The project folder the tools work in; default: the current directory. */
  cwd?: string;
  /** Relative to the current directory (not to `--cwd`). */
  sessionsDir?: string;
}

type Env = Record<string, string | undefined>;

const MAX_FOLDER_NAME = 200;

/**
 * The absolute project folder.
 * @example projectDir({ cwd: 'repo' }) // '/home/me/repo' when run from /home/me
 */
export function projectDir(options: LocationOptions): string {
  return path.resolve(process.cwd(), options.cwd ?? '.');
}

/**
 * The CLI's own state folder: `$TINYAGENT_HOME`, else `$XDG_STATE_HOME/tinyagent`, else `~/.tinyagent`.
 * @example stateHome({ HOME: '/home/me' }) // '/home/me/.tinyagent'
 */
export function stateHome(env: Env): string {
  const own = env.TINYAGENT_HOME?.trim();
  if (own) return path.resolve(own);
  const xdg = env.XDG_STATE_HOME?.trim();
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'tinyagent');
  return path.join(env.HOME?.trim() || homedir(), '.tinyagent');
}

/**
 * A project's folder name: its real path with every character but letters, digits, `.`, `_` and
 * `-` replaced by `-` (`/home/me/repo` → `-home-me-repo`); a very long one is cut and gets a hash.
 * @example projectFolderName('/home/me/repo') // '-home-me-repo'
 */
export function projectFolderName(absolutePath: string): string {
  const name = absolutePath.replace(/[^A-Za-z0-9._-]/g, '-');
  if (name.length <= MAX_FOLDER_NAME) return name;
  const hash = createHash('sha256').update(absolutePath).digest('hex').slice(0, 12);
  return `${name.slice(0, MAX_FOLDER_NAME - 13)}-${hash}`;
}

function realOrResolved(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return dir;
  }
}

/**
 * The absolute sessions folder: `--sessions-dir`, else `<state home>/projects/<project>/sessions`.
 * @example sessionsDir({}, { TINYAGENT_HOME: '/tmp/t' }) // '/tmp/t/projects/-home-me-repo/sessions'
 */
export function sessionsDir(options: LocationOptions, env: Env): string {
  if (options.sessionsDir !== undefined) return path.resolve(process.cwd(), options.sessionsDir);
  return path.join(stateHome(env), 'projects', projectFolderName(realOrResolved(projectDir(options))), 'sessions');
}

/**
 * The user's configuration folder for the CLI: `$XDG_CONFIG_HOME/tinyagent`, else `~/.config/tinyagent`.
 * @example configHome({ HOME: '/home/me' }) // '/home/me/.config/tinyagent'
 */
export function configHome(env: Env): string {
  const xdg = env.XDG_CONFIG_HOME?.trim();
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'tinyagent');
  return path.join(env.HOME?.trim() || homedir(), '.config', 'tinyagent');
}

/**
 * Where the CLI keeps the OAuth clients and tokens of HTTP MCP servers, one 0600 file per server.
 * @example oauthDir({ HOME: '/home/me' }) // '/home/me/.config/tinyagent/mcp-oauth'
 */
export function oauthDir(env: Env): string {
  return path.join(configHome(env), 'mcp-oauth');
}
