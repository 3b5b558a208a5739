// Where the CLI keeps sessions: `.tinyagent/sessions` under `--cwd`, unless `--sessions-dir` says.
import path from 'node:path';

/** The folder options every command shares. */
export interface LocationOptions {
  /** The project folder the tools work in; default: the current directory. */
  cwd?: string;
  /** Relative to the current directory (not to `--cwd`). */
  sessionsDir?: string;
}

/**
 * The absolute project folder.
 * @example projectDir({ cwd: 'repo' }) // '/home/me/repo' when run from /home/me
 */
export function projectDir(options: LocationOptions): string {
  return path.resolve(process.cwd(), options.cwd ?? '.');
}

/**
 * The absolute sessions folder.
 * @example sessionsDir({}) // '<current directory>/.tinyagent/sessions'
 */
export function sessionsDir(options: LocationOptions): string {
  if (options.sessionsDir !== undefined) return path.resolve(process.cwd(), options.sessionsDir);
  return path.join(projectDir(options), '.tinyagent', 'sessions');
}
