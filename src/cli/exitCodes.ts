// The CLI's exit codes (docs/cli.md): one per way a command can end.
import type { RunOutput } from '../index.js';

export const ExitCode = {
  completed: 0,
  /** The Run failed: provider or session error; `sessions show` of an unknown id. */
  failed: 1,
  /** A bad flag, a missing provider, a bad configuration file. */
  usage: 2,
  /** The Run stopped at `limits.maxIterations` (`tool_iteration_limit`). */
  iterationLimit: 3,
  /** Cancelled by SIGINT (128 + 2). */
  interrupted: 130,
  /** Cancelled by SIGTERM (128 + 15). */
  terminated: 143,
} as const;
export type ExitCode = (typeof ExitCode)[keyof typeof ExitCode];

/** The signals the CLI cancels a Run on, with the exit code each ends it with. */
export const SIGNAL_EXIT_CODES = { SIGINT: ExitCode.interrupted, SIGTERM: ExitCode.terminated } as const;
export type CancelSignal = keyof typeof SIGNAL_EXIT_CODES;

/**
 * The exit code of a finished Run; `signal` is the one that cancelled it, if any.
 * @example
 * import type { RunOutput } from '../index.js';
 * exitCodeOf({ status: 'limit_reached' } as RunOutput) // 3
 */
export function exitCodeOf(output: Pick<RunOutput, 'status'>, signal?: CancelSignal): ExitCode {
  switch (output.status) {
    case 'completed':
      return ExitCode.completed;
    case 'limit_reached':
      return ExitCode.iterationLimit;
    case 'cancelled':
      return signal ? SIGNAL_EXIT_CODES[signal] : ExitCode.interrupted;
    default:
      return ExitCode.failed;
  }
}
