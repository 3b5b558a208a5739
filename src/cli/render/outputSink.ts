// Where a Run's events go for each `--output-format`: the text renderer, nothing until the
// result (`json`), or the init record, each event with the session id, and the result
// (`stream-json`).
import type { RunEvent, RunOutput } from '../../index.js';
import type { CliIo } from '../io.js';
import { colorsFor } from './colors.js';
import { resultRecord, withSessionId, type InitRecord } from './jsonOutput.js';
import type { RunTally } from './runTally.js';
import { TextRenderer } from './textRenderer.js';
import { jsonLine } from './visibleControls.js';

export type OutputFormat = 'text' | 'json' | 'stream-json';

export interface OutputSinkOptions {
  format: OutputFormat;
  io: CliIo;
  sessionId: string;
  tally: RunTally;
  /** The init record of `stream-json`, once the Run's id is known. */
  init: (runId: string) => InitRecord;
  /** Whether every call of this tool asks for approval first. */
  asksApproval: (toolName: string) => boolean;
}

/** Writes one Run in the chosen format; `event` each event in order, then `finish`. */
export class OutputSink {
  readonly #options: OutputSinkOptions;
  readonly #renderer: TextRenderer | undefined;

  /**
   * @example
   * import { nodeIo } from '../io.js';
   * import { RunTally } from './runTally.js';
   * const init = (runId: string) => ({ type: 'init' as const, sessionId: 'chat', runId, model: 'gpt-4o-mini', tools: [], cwd: '.', version: '0.1.0' });
   * new OutputSink({ format: 'json', io: nodeIo(), sessionId: 'chat', tally: new RunTally(), init, asksApproval: () => false });
   */
  constructor(options: OutputSinkOptions) {
    this.#options = options;
    const { io } = options;
    this.#renderer =
      options.format === 'text'
        ? new TextRenderer({ answer: io.stdout, progress: io.stderr, colors: colorsFor(io.stderr, io.env), spinner: io.stderr.isTTY === true, tally: options.tally, asksApproval: options.asksApproval })
        : undefined;
  }

  /** Writes one event. */
  event(event: RunEvent): void {
    const { format, io, sessionId } = this.#options;
    if (this.#renderer) this.#renderer.handle(event);
    else if (format === 'stream-json') {
      // The top Run's start (a resumed Run starts with run.resumed), not a sub-agent's.
      if ((event.type === 'run.started' || event.type === 'run.resumed') && event.parentRunId === undefined) io.stdout.write(jsonLine(this.#options.init(event.runId)));
      io.stdout.write(jsonLine(withSessionId(event, sessionId)));
    }
  }

  /** The summary (text) or the result object (json, stream-json). */
  finish(output: RunOutput): void {
    const { io, sessionId, tally } = this.#options;
    if (this.#renderer) this.#renderer.summarize(output, sessionId);
    else io.stdout.write(jsonLine(resultRecord(output, sessionId, tally)));
  }

  /** Around an approval question: no spinner drawing over it. */
  pause(): void {
    this.#renderer?.pause();
  }

  resume(): void {
    this.#renderer?.resume();
  }
}
