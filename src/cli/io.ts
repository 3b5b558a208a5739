// The process around a command: streams, environment, signals and exit. Injected, so the
// commands can be tested in-process and the real ones stay thin.
import type { CancelSignal } from './exitCodes.js';

export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; fd?: number };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** Listens for SIGINT and SIGTERM; returns a function that stops listening. */
  onSignals(listener: (signal: CancelSignal) => void): () => void;
  /**
   * Ends the process without waiting for the rest of the work (a second Ctrl-C, a signal before
   * the Run started): once stdout and stderr are flushed, with `'exit'` cleanup (MCP servers) run.
   */
  exitSoon(code: number): void;
}

/**
 * Resolves once everything written to the stream so far has been handed to the system.
 * @example await flushed(process.stdout)
 */
export function flushed(stream: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve) => {
    if ((stream as { destroyed?: boolean }).destroyed === true || !stream.writable) return resolve();
    stream.write('', () => resolve());
  });
}

/**
 * The real process.
 * @example
 * import { runCommand } from './commands/runCommand.js';
 * await runCommand('hi', { tools: ['read'], outputFormat: 'text' }, nodeIo())
 */
export function nodeIo(): CliIo {
  // A reader that went away (`tinyagent … | head -1`) is not an error of the command: what is
  // left to print is dropped, and the command (a Run that is being recorded) goes on.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    });
  }
  return {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    onSignals(listener) {
      const onInt = () => listener('SIGINT');
      const onTerm = () => listener('SIGTERM');
      process.on('SIGINT', onInt);
      process.on('SIGTERM', onTerm);
      return () => {
        process.off('SIGINT', onInt);
        process.off('SIGTERM', onTerm);
      };
    },
    exitSoon(code) {
      process.exitCode = code;
      void Promise.all([flushed(process.stdout), flushed(process.stderr)]).then(() => process.exit(code));
    },
  };
}
