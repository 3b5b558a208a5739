// The result the model reads for a command: its output, then how it ended.
import type { ToolResult } from '../../core.js';
import { errnoText } from '../../capabilities/shared/errno.js';
import type { CommandOutcome } from './runCommand.js';

/** Codes the shell tool puts on its error results. */
export const ShellToolErrorCode = {
  /** Non-zero exit, killed by a signal, or the command could not be started. */
  commandFailed: 'command_failed',
  /** The command ran past its `timeout_ms` and was stopped. */
  timeout: 'timeout',
  /** Stopped because the Run was cancelled (the Run itself records the call as `cancelled`). */
  cancelled: 'command_cancelled',
} as const;
export type ShellToolErrorCode = (typeof ShellToolErrorCode)[keyof typeof ShellToolErrorCode];

/**
 * Turns a command's outcome into a ToolResult: `exit code N` last; non-zero is `command_failed`.
 * @example shellResult({ kind: 'exited', output: 'hi\n', code: 0, signal: null }, 1_000, 2_000) // { content: 'hi\nexit code 0' }
 */
export function shellResult(outcome: CommandOutcome, timeoutMs: number, killGraceMs: number): ToolResult {
  const output = outcome.output === '' || outcome.output.endsWith('\n') ? outcome.output : `${outcome.output}\n`;
  switch (outcome.kind) {
    case 'exited':
      if (outcome.code === 0) return { content: `${output}exit code 0` };
      if (outcome.code !== null) return failed(ShellToolErrorCode.commandFailed, `${output}exit code ${outcome.code}`);
      return failed(ShellToolErrorCode.commandFailed, `${output}killed by signal ${outcome.signal ?? 'unknown'}`);
    case 'timedOut': {
      const how =
        outcome.stop === 'terminated'
          ? 'its processes were stopped with SIGTERM'
          : `its processes ignored SIGTERM and were killed with SIGKILL after ${killGraceMs} ms`;
      return failed(ShellToolErrorCode.timeout, `${output}timed out after ${timeoutMs} ms: ${how}`);
    }
    case 'cancelled':
      return failed(ShellToolErrorCode.cancelled, `${output}cancelled: the command's processes were stopped`);
    case 'notStarted':
      return failed(ShellToolErrorCode.commandFailed, `${output}the command could not be started: ${errnoText(outcome.error)}`);
  }
}

function failed(code: ShellToolErrorCode, content: string): ToolResult {
  return { content, isError: true, code };
}
