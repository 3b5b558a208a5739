// Spawns the built CLI (dist/cli.js, from `npm run build`) as a real process.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliProcess {
  child: ChildProcess;
  /** Everything written to stdout so far. */
  stdout(): string;
  /** Everything written to stderr so far. */
  stderr(): string;
  result: Promise<CliResult>;
}

export interface CliOptions {
  cwd: string;
  env: Record<string, string>;
  /** Piped to stdin and then closed; without it stdin is /dev/null. */
  stdin?: string;
}

/** The environment a test CLI gets: no provider or tinyagent variables from the machine, colours off. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || /^(OPENAI|ANTHROPIC|TINYAGENT)_/.test(key) || key === 'XDG_STATE_HOME' || key === 'XDG_CONFIG_HOME') continue;
    env[key] = value;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

/** Starts `node dist/cli.js ...args` in `cwd` (no TTY anywhere). */
export function startCli(args: string[], options: CliOptions): CliProcess {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`npm run build\` first (npm test does)`);
  const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd, env: options.env, stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
  if (options.stdin !== undefined) child.stdin!.end(options.stdin);
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const result = new Promise<CliResult>((resolve) => child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr })));
  return { child, stdout: () => stdout, stderr: () => stderr, result };
}

/** Runs the CLI to its end. */
export function runCliProcess(args: string[], options: CliOptions): Promise<CliResult> {
  return startCli(args, options).result;
}
