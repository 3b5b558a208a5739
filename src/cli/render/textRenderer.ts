// `--output text`: the model's text as it streams, one line per tool call when it starts and
// one when it ends (a spinner between them on a TTY), then a summary line.
import type { RunEvent, RunOutput } from '../../index.js';
import type { Colors } from './colors.js';
import { formatDuration, oneLine, previewArguments } from './shorten.js';
import { Spinner } from './spinner.js';

export interface TextRendererOptions {
  out: NodeJS.WritableStream & { isTTY?: boolean };
  colors: Colors;
  /** Show a spinner while tools run (only sensible on a TTY). */
  spinner: boolean;
}

const ARGUMENT_PREVIEW = 100;
const RESULT_PREVIEW = 120;

/** Writes one Run's events as text; `handle` each event in order. */
export class TextRenderer {
  readonly #out: TextRendererOptions['out'];
  readonly #c: Colors;
  readonly #spinner: Spinner | undefined;
  #atLineStart = true;
  #streamedThisResponse = false;
  readonly #running = new Map<string, string>();

  constructor(options: TextRendererOptions) {
    this.#out = options.out;
    this.#c = options.colors;
    this.#spinner = options.spinner ? new Spinner(options.out, (frame) => this.#c.cyan(frame)) : undefined;
  }

  /**
   * Renders one event.
   * @example
   * declare const renderer: TextRenderer;
   * agent.stream('hi').subscribe((event) => renderer.handle(event))
   */
  handle(event: RunEvent): void {
    switch (event.type) {
      case 'provider.requested':
        this.#streamedThisResponse = false;
        return;
      case 'text.delta':
        this.#streamedThisResponse = true;
        this.#text(event.delta);
        return;
      case 'provider.responded':
        // A provider that does not stream sends no deltas: show its text whole.
        if (!this.#streamedThisResponse && event.text !== '') this.#text(event.text);
        this.#endLine();
        return;
      case 'tool.started':
        this.#line(`${this.#c.cyan('→')} ${this.#c.bold(event.toolName)} ${this.#c.dim(previewArguments(event.arguments, ARGUMENT_PREVIEW))}`);
        this.#running.set(event.callId, event.toolName);
        this.#updateSpinner();
        return;
      case 'tool.completed':
        this.#running.delete(event.callId);
        this.#line(`  ${this.#c.green('✓')} ${event.toolName} ${this.#c.dim(`(${formatDuration(event.durationMs)})`)}`);
        this.#updateSpinner();
        return;
      case 'tool.failed':
        this.#running.delete(event.callId);
        this.#line(
          `  ${this.#c.red('✗')} ${event.toolName} ${this.#c.red(`[${event.code}]`)} ${oneLine(event.result.content, RESULT_PREVIEW)} ${this.#c.dim(`(${formatDuration(event.durationMs)})`)}`,
        );
        this.#updateSpinner();
        return;
      case 'run.completed':
      case 'run.failed':
      case 'run.cancelled':
        this.#running.clear();
        this.#updateSpinner();
        this.#endLine();
        this.#line(this.#summary(event.output));
        return;
      default:
        return;
    }
  }

  /** Stops the spinner (before a prompt, or when the process exits). */
  pause(): void {
    this.#spinner?.stop();
  }

  /** Starts the spinner again if tools are still running. */
  resume(): void {
    this.#updateSpinner();
  }

  #summary(output: RunOutput): string {
    const parts: string[] = [];
    const iterations = `${output.iterations} iteration${output.iterations === 1 ? '' : 's'}`;
    if (output.status === 'completed') parts.push(this.#c.green('completed'));
    else if (output.status === 'cancelled') parts.push(this.#c.yellow('cancelled'));
    else parts.push(this.#c.red(`${output.status.replace('_', ' ')} [${output.error?.code ?? output.status}]`));
    parts.push(iterations);
    if (output.usage) parts.push(`${output.usage.totalTokens} tokens (${output.usage.inputTokens} in, ${output.usage.outputTokens} out)`);
    const line = parts.join(' · ');
    return output.status === 'completed' || !output.error ? line : `${line}: ${oneLine(output.error.message, 200)}`;
  }

  #updateSpinner(): void {
    if (!this.#spinner) return;
    if (this.#running.size === 0) this.#spinner.stop();
    else this.#spinner.start(`running ${[...new Set(this.#running.values())].join(', ')}`);
  }

  #text(text: string): void {
    if (text === '') return;
    this.#spinner?.hide();
    this.#out.write(text);
    this.#atLineStart = text.endsWith('\n');
  }

  #endLine(): void {
    if (!this.#atLineStart) this.#out.write('\n');
    this.#atLineStart = true;
  }

  #line(text: string): void {
    this.#spinner?.hide();
    this.#endLine();
    this.#out.write(`${text}\n`);
  }
}
