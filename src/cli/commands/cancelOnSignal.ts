// SIGINT and SIGTERM for the whole of a command, from before the MCP servers connect until they
// are closed: the first signal aborts `signal` (which stops servers still connecting, or cancels
// the Run), a second one ends the process at once.
import { ExitCode, SIGNAL_EXIT_CODES, type CancelSignal } from '../exitCodes.js';
import type { CliIo } from '../io.js';

/** The signal handlers of one command; `detach()` when the command is done. */
export class CancelOnSignal {
  readonly #controller = new AbortController();
  readonly #io: CliIo;
  readonly #detach: () => void;
  #received: CancelSignal | undefined;

  /**
   * @example
   * import { nodeIo } from '../io.js';
   * const cancel = new CancelOnSignal(nodeIo());
   * cancel.detach();
   */
  constructor(io: CliIo) {
    this.#io = io;
    this.#detach = io.onSignals((signal) => this.#handle(signal));
  }

  /** Aborted by the first signal. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** The first signal received, if any. */
  get received(): CancelSignal | undefined {
    return this.#received;
  }

  /** The exit code of a command the first signal cancelled. */
  get exitCode(): number {
    return this.#received ? SIGNAL_EXIT_CODES[this.#received] : ExitCode.interrupted;
  }

  /** Stops listening. */
  detach(): void {
    this.#detach();
  }

  #handle(signal: CancelSignal): void {
    if (this.#received) {
      this.#io.exitSoon(SIGNAL_EXIT_CODES[signal]);
      return;
    }
    this.#received = signal;
    this.#controller.abort(new Error(`cancelled by ${signal}`));
  }
}
