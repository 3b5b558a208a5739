// The result the model reads for a command: its output, then how it ended.
import { ToolErrorCode, type ToolResult } from '../../core.js';
import { errnoText } from '../shared/errno.js';
import type { CommandOutcome } from './runCommand.js';

/** The code of the result of a command stopped because the Run was cancelled (the Run reports `cancelled`). */
export const COMMAND_CANCELLED = 'command_cancelled';

/**
 * Turns a command's outcome into a ToolResult: `exit code N` last; non-zero is `command_failed`.
 * @example shellResult({ kind: 'exited', output: 'hi\n', code: 0, signal: null }, 1_000, 2_000) // { content: 'hi\nexit code 0' }
 */
export function shellResult(outcome: CommandOutcome, timeoutMs: number, killGraceMs: number): ToolResult {
  const output = outcome.output === '' || outcome.output.endsWith('\n') ? outcome.output : `${outcome.output}\n`;
  switch (outcome.kind) {
    case 'exited':
      if (outcome.code === 0) return { content: `${output}exit code 0` };
      if (outcome.code !== null) return failed(ToolErrorCode.commandFailed, `${output}exit code ${outcome.code}`);
      return failed(ToolErrorCode.commandFailed, `${output}killed by signal ${outcome.signal ?? 'unknown'}`);
    case 'timedOut': {
      const how =
        outcome.stop === 'terminated'
          ? 'its processes were stopped with SIGTERM'
          : `its processes ignored SIGTERM and were killed with SIGKILL after ${killGraceMs} ms`;
      return failed(ToolErrorCode.timeout, `${output}timed out after ${timeoutMs} ms: ${how}`);
    }
    case 'cancelled':
      return failed(COMMAND_CANCELLED, `${output}cancelled: the command's processes were stopped`);
    case 'notStarted':
      return failed(ToolErrorCode.commandFailed, `${output}the command could not be started: ${errnoText(outcome.error)}`);
  }
}

function failed(code: string, content: string): ToolResult {
  return { content, isError: true, code };
}
