// SIGINT and SIGTERM for the whole of a command, from before the MCP servers connect until they
// are closed: the first signal cancels (the Run through its signal, or the setup), a second one
// ends the process at once.
import { ExitCode, SIGNAL_EXIT_CODES, type CancelSignal } from '../exitCodes.js';
import type { CliIo } from '../io.js';

/** The signal handlers of one command; `detach()` when the command is done. */
export class CancelOnSignal {
  readonly #controller = new AbortController();
  readonly #io: CliIo;
  readonly #detach: () => void;
  #received: CancelSignal | undefined;
  #onFirst: (() => void) | undefined;
  readonly #first: Promise<void>;

  /** @example const cancel = new CancelOnSignal(nodeIo()) */
  constructor(io: CliIo) {
    this.#io = io;
    this.#first = new Promise((resolve) => (this.#onFirst = resolve));
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

  /**
   * The work's value, or undefined if a signal came first (the work goes on; its caller cleans up).
   * @example const tools = await cancel.race(cliTools(options))
   */
  race<T>(work: Promise<T>): Promise<T | undefined> {
    if (this.#received) return Promise.resolve(undefined);
    return Promise.race([work, this.#first.then(() => undefined)]);
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
    this.#onFirst?.();
  }
}
