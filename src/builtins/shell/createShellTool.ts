// createShellTool: the `shell` tool, running command lines in one directory, options
// checked at creation.
import { existsSync } from 'node:fs';
import { ConfigurationError, type NeedsApprovalFn, type Tool } from '../../core.js';
import { approvalOption, directoryOption, integerOption, knownKeys, optionsObject, shown } from '../shared/optionChecks.js';
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
  /** The longest a command may run, in milliseconds (default 120000); `timeout_ms` cannot exceed it. */
  timeoutMs?: number;
  /** The whole environment of the commands (default: this process's environment). */
  env?: Record<string, string>;
  /** Output bytes kept; beyond it the middle is cut and a marker says how much (default 30000). */
  maxOutputBytes?: number;
  /** How long processes that ignore SIGTERM get before SIGKILL, in milliseconds (default 2000). */
  killGraceMs?: number;
  /** Whether a call needs a person's approval: `true`, or a function of the call's arguments. */
  needsApproval?: boolean | NeedsApprovalFn<ShellArgs>;
}

const OPTIONS = ['cwd', 'timeoutMs', 'env', 'maxOutputBytes', 'killGraceMs', 'needsApproval'] as const;
const DEFAULT_TIMEOUT_MS = 120_000;

/**
 * The `shell` tool: runs a command line with bash (or /bin/sh) in `cwd`, in its own process group.
 * @example
 * agent.tools.register(createShellTool({ cwd: './my-repo', timeoutMs: 120_000, needsApproval: true }));
 */
export function createShellTool(options: ShellToolOptions): Tool<ShellArgs> {
  const given = optionsObject('createShellTool', options);
  knownKeys('createShellTool', given, OPTIONS);
  const cwd = directoryOption('cwd', given.cwd);
  const maxTimeoutMs = integerOption('timeoutMs', given.timeoutMs, 1, DEFAULT_TIMEOUT_MS);
  const env = envOption(given.env);
  const maxOutputBytes = integerOption('maxOutputBytes', given.maxOutputBytes, 64, 30_000);
  const killGraceMs = integerOption('killGraceMs', given.killGraceMs, 0, 2_000);
  const needsApproval = approvalOption<ShellArgs>(given.needsApproval);
  const shell = findShell();
  const defaultTimeoutMs = Math.min(DEFAULT_TIMEOUT_MS, maxTimeoutMs);
  return {
    name: 'shell',
    description: `Run a command line with ${shell.endsWith('bash') ? 'bash' : 'sh'} -c in the working directory. Returns stdout and stderr together, in the order written, then "exit code N". Stdin is empty; the command is stopped (with everything it started) after timeout_ms (default ${defaultTimeoutMs}, at most ${maxTimeoutMs}). Background jobs do not outlive the call.`,
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
    ...(needsApproval === undefined ? {} : { needsApproval }),
    async execute({ command, timeout_ms: requested }, ctx) {
      const timeoutMs = Math.min(requested ?? defaultTimeoutMs, maxTimeoutMs);
      const outcome = await runCommand({ shell, command, cwd, env, timeoutMs, killGraceMs, maxOutputBytes, signal: ctx.signal });
      // Node blames the shell (spawn … ENOENT) when it is the working directory that is missing.
      if (outcome.kind === 'notStarted' && !existsSync(cwd)) outcome.error = new Error(`the working directory ${cwd} no longer exists`);
      return shellResult(outcome, timeoutMs, killGraceMs);
    },
  };
}

// Read at each call when not given, so the commands see the environment as it is then.
function envOption(value: unknown): NodeJS.ProcessEnv {
  if (value === undefined) return process.env;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ConfigurationError(`env must be an object of strings, got ${shown(value)}`);
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw new ConfigurationError(`env.${key} must be a string, got ${shown(entry)}`);
  }
  return { ...(value as Record<string, string>) };
}
