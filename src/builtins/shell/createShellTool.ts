// createShellTool: the `shell` tool, running command lines in one directory, options
// checked at creation.
import { existsSync } from 'node:fs';
import type { NeedsApprovalFn, Tool } from '../../core.js';
import { MAX_TIMER_MS, optionChecks } from '../../capabilities/shared/options.js';
import { commandEnvironment } from './commandEnvironment.js';
import { findShell } from './findShell.js';
import { runCommand } from './runCommand.js';
import { shellResult } from './shellResult.js';

/** Arguments of `shell`. */
export type ShellArgs = {
  command: string;
  /** Milliseconds before the command is stopped (default 2 minutes, at most the tool's `timeoutMs`). */
  timeout_ms?: number;
};

/** Options of `createShellTool`. */
export interface ShellToolOptions {
  /** The directory commands run in; it must exist. (It is where they start, not a sandbox.) */
  cwd: string;
  /**
   * The longest a command may run, in milliseconds (default 120000, at most 2^31−1, the
   * longest a Node timer keeps); a larger `timeout_ms` from the model is cut to it.
   */
  timeoutMs?: number;
  /**
   * Variables added to the commands' environment. Of this process's own environment only a
   * short allow-list is passed (PATH, HOME, USER, LOGNAME, SHELL, TERM, LANG, LC_*, TZ, TMPDIR,
   * …, see docs/security.md): API keys and other secrets reach a command only when named here.
   */
  env?: Record<string, string>;
  /** Output bytes kept; beyond it the middle is cut and a marker says how much (default 30000). */
  maxOutputBytes?: number;
  /** How long processes that ignore SIGTERM get before SIGKILL, in milliseconds (default 2000, at most 2^31−1). */
  killGraceMs?: number;
  /** Whether a call needs a person's approval: `true`, or a function of the call's arguments. */
  needsApproval?: boolean | NeedsApprovalFn<ShellArgs>;
}

const OPTIONS = ['cwd', 'timeoutMs', 'env', 'maxOutputBytes', 'killGraceMs', 'needsApproval'] as const;
const DEFAULT_TIMEOUT_MS = 120_000;
const check = optionChecks('createShellTool');
// What the cleanup reaches, said exactly: on Linux the call's mark (markedProcesses.ts) finds
// processes that left the group; elsewhere only the process group is stopped.
const CLEANUP =
  process.platform === 'linux'
    ? 'Processes it starts, background jobs included, do not outlive the call, even in another process group or session, unless started with a cleared environment (env -i).'
    : 'Background jobs in its process group do not outlive the call; a process that leaves the group (setsid, set -m) is not stopped.';

/**
 * The `shell` tool: runs a command line with bash (or /bin/sh) in `cwd`, in its own process group.
 * @example
 * agent.tools.register(createShellTool({ cwd: './my-repo', timeoutMs: 120_000, needsApproval: true }));
 */
export function createShellTool(options: ShellToolOptions): Tool<ShellArgs> {
  const given = check.object(options, OPTIONS);
  const cwd = check.directory('cwd', given.cwd);
  const maxTimeoutMs = check.integer('timeoutMs', given.timeoutMs, 1, DEFAULT_TIMEOUT_MS, MAX_TIMER_MS);
  const env = envOption(given.env);
  const maxOutputBytes = check.integer('maxOutputBytes', given.maxOutputBytes, 64, 30_000);
  const killGraceMs = check.integer('killGraceMs', given.killGraceMs, 0, 2_000, MAX_TIMER_MS);
  const needsApproval = check.approval<ShellArgs>(given.needsApproval);
  const shell = findShell();
  const defaultTimeoutMs = Math.min(DEFAULT_TIMEOUT_MS, maxTimeoutMs);
  return {
    name: 'shell',
    description: `Run a command line with ${shell.endsWith('bash') ? 'bash' : 'sh'} -c in the working directory. Returns stdout and stderr together, in the order written, then "exit code N". Stdin is empty; the command is stopped (with everything it started) after timeout_ms (default ${defaultTimeoutMs}, at most ${maxTimeoutMs}). ${CLEANUP}`,
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', minLength: 1, description: 'The command line to run' },
        timeout_ms: { type: 'integer', minimum: 1, description: `Milliseconds before the command is stopped (default ${defaultTimeoutMs}, at most ${maxTimeoutMs})` },
      },
      required: ['command'],
      additionalProperties: false,
    },
    readOnly: false,
    effects: 'once',
    concurrencySafe: false,
    permissionArgument: { name: 'command', kind: 'command' },
    ...(needsApproval === undefined ? {} : { needsApproval }),
    async execute({ command, timeout_ms: requested }, ctx) {
      const timeoutMs = Math.min(requested ?? defaultTimeoutMs, maxTimeoutMs);
      const outcome = await runCommand({ shell, command, cwd, env: commandEnvironment(env), timeoutMs, killGraceMs, maxOutputBytes, signal: ctx.signal });
      // Node blames the shell (spawn … ENOENT) when it is the working directory that is missing.
      if (outcome.kind === 'notStarted' && !existsSync(cwd)) outcome.error = new Error(`the working directory ${cwd} no longer exists`);
      return shellResult(outcome, timeoutMs, killGraceMs);
    },
  };
}

function envOption(value: unknown): Readonly<Record<string, string>> {
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw check.mustBe('env', 'an object of strings', value);
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw check.mustBe(`env.${key}`, 'a string', entry);
    if (key === '' || key.includes('=') || key.includes('\0') || entry.includes('\0')) throw check.fail(`env: ${JSON.stringify(key)} cannot be an environment variable.`);
  }
  return Object.freeze({ ...(value as Record<string, string>) });
}
