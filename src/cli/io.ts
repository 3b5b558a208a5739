// The process around a command: streams, environment, signals and exit. Injected, so the
// commands can be tested in-process and the real ones stay thin.
import type { CancelSignal } from './exitCodes.js';

export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: Record<string, string | undefined>;
  /** Listens for SIGINT and SIGTERM; returns a function that stops listening. */
  onSignals(listener: (signal: CancelSignal) => void): () => void;
  exit(code: number): never;
}

/**
 * The real process.
 * @example
 * import { runCommand } from './commands/runCommand.js';
 * await runCommand('hi', { tools: ['read'], output: 'text', yes: false }, nodeIo())
 */
export function nodeIo(): CliIo {
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
    exit: (code) => process.exit(code),
  };
}
