// `--output-format text`: stdout carries only the answer (streamed as it comes when stdout is a
// terminal, else written once at the end), stderr the progress: one line per tool call when it
// starts and one when it ends (a spinner between them on a terminal), then a summary line.
// Everything the model or a tool wrote is shown with its control characters visible.
import type { RunEvent, RunOutput } from '../../index.js';
import type { Colors } from './colors.js';
import { plural, type RunTally } from './runTally.js';
import { formatDuration, oneLine, previewArguments } from './shorten.js';
import { Spinner } from './spinner.js';
import { visibleControls } from './visibleControls.js';

export interface TextRendererOptions {
  /** stdout: the answer. */
  answer: NodeJS.WritableStream & { isTTY?: boolean };
  /** stderr: progress, tool lines, the summary. */
  progress: NodeJS.WritableStream & { isTTY?: boolean };
  /** Colours for `progress`. */
  colors: Colors;
  /** Show a spinner on `progress` while tools run (only sensible on a terminal). */
  spinner: boolean;
  /** Counts turns, tool calls and the time spent waiting for approvals. */
  tally: RunTally;
  /** Whether every call of this tool asks for approval first (no spinner until it is answered). */
  asksApproval?: (toolName: string) => boolean;
}

const ARGUMENT_PREVIEW = 100;
const RESULT_PREVIEW = 120;

/** Writes one Run's events as text; `handle` each event in order. */
export class TextRenderer {
  readonly #answer: TextRendererOptions['answer'];
  readonly #progress: TextRendererOptions['progress'];
  readonly #c: Colors;
  readonly #spinner: Spinner | undefined;
  readonly #tally: RunTally;
  /** Stream the model's text to stdout as it comes (stdout is a terminal) or write the answer once. */
  readonly #live: boolean;
  #answerAtLineStart = true;
  #pendingCr = false;
  #streamedThisResponse = false;
  #responseText = '';
  readonly #running = new Map<string, string>();
  readonly #awaitingApproval = new Set<string>();
  readonly #asksApproval: (toolName: string) => boolean;
  /** A question is on the terminal: the spinner stays off until it is answered. */
  #paused = false;
  /** How deeply each sub-agent Run nests (the top Run is 0). */
  readonly #depths = new Map<string, number>();

  constructor(options: TextRendererOptions) {
    this.#answer = options.answer;
    this.#progress = options.progress;
    this.#c = options.colors;
    this.#tally = options.tally;
    this.#asksApproval = options.asksApproval ?? (() => false);
    this.#live = options.answer.isTTY === true;
    this.#spinner = options.spinner ? new Spinner(options.progress, (frame) => this.#c.cyan(frame)) : undefined;
  }

  /**
   * Renders one event.
   * @example
   * declare const renderer: TextRenderer;
   * agent.stream('hi').subscribe((event) => renderer.handle(event))
   */
  handle(event: RunEvent): void {
    if (event.parentRunId !== undefined) return this.#nested(event, event.parentRunId);
    switch (event.type) {
      case 'provider.requested':
        this.#streamedThisResponse = false;
        this.#responseText = '';
        return;
      case 'text.delta':
        this.#streamedThisResponse = true;
        this.#responseText += event.delta;
        if (this.#live) this.#liveText(event.delta);
        return;
      case 'provider.responded':
        this.#responded(event.text, event.toolCallCount);
        return;
      case 'run.resumed': {
        const batches = `${event.iterations} tool batch${event.iterations === 1 ? '' : 'es'} done`;
        const interrupted = event.interruptedCalls.length === 0 ? '' : ` · ${plural(event.interruptedCalls.length, 'interrupted call')}, not run again`;
        this.#line(this.#c.dim(`resuming Run ${event.runId} · ${batches}${interrupted}`));
        return;
      }
      case 'tool.started':
        this.#line(`${this.#c.cyan('→')} ${this.#c.bold(visibleControls(event.toolName))} ${this.#c.dim(previewArguments(event.arguments, ARGUMENT_PREVIEW))}`);
        this.#running.set(event.callId, visibleControls(event.toolName));
        if (this.#asksApproval(event.toolName)) this.#awaitingApproval.add(event.callId);
        this.#updateSpinner();
        return;
      case 'tool.approval_requested':
        this.#awaitingApproval.add(event.callId);
        this.#updateSpinner();
        return;
      case 'tool.approval_resolved':
        this.#awaitingApproval.delete(event.callId);
        this.#updateSpinner();
        return;
      case 'tool.hook_decided':
        // An allow rule answered: nobody will be asked about this call.
        if (event.hook === 'permissions' && event.decision === 'allow') {
          this.#awaitingApproval.delete(event.callId);
          this.#updateSpinner();
        }
        return;
      case 'tool.completed':
        this.#settled(event.callId);
        this.#line(`  ${this.#c.green('✓')} ${visibleControls(event.toolName)} ${this.#c.dim(`(${this.#callDuration(event.callId, event.durationMs)})`)}`);
        return;
      case 'tool.failed':
        this.#settled(event.callId);
        this.#line(
          `  ${this.#c.red('✗')} ${visibleControls(event.toolName)} ${this.#c.red(`[${visibleControls(event.code)}]`)} ${oneLine(event.result.content, RESULT_PREVIEW)} ${this.#c.dim(`(${this.#callDuration(event.callId, event.durationMs)})`)}`,
        );
        return;
      case 'run.completed':
      case 'run.failed':
      case 'run.cancelled':
        this.#running.clear();
        this.#updateSpinner();
        this.#endAnswerLine();
        if (!this.#live && event.output.status === 'completed' && event.output.text) this.#answer.write(`${visibleControls(event.output.text).trimEnd()}\n`);
        return;
      default:
        return;
    }
  }

  /** The summary line (stderr), then the session id. */
  summarize(output: RunOutput, sessionId: string): void {
    this.#line(this.#summary(output));
    this.#line(this.#c.dim(`session ${sessionId}`));
  }

  /** Stops the spinner (before a prompt, or when the process exits). */
  pause(): void {
    this.#paused = true;
    this.#spinner?.stop();
  }

  /** Starts the spinner again if tools are still running. */
  resume(): void {
    this.#paused = false;
    this.#updateSpinner();
  }

  // A sub-agent's event (an agent used as a tool): its tool calls and what it said, indented
  // under the call that runs it. Nothing of it reaches stdout, the top Run's answer.
  #nested(event: RunEvent, parentRunId: string): void {
    const depth = (this.#depths.get(parentRunId) ?? 0) + 1;
    this.#depths.set(event.runId, depth);
    const pad = `${'  '.repeat(depth)}${this.#c.dim('│')} `;
    switch (event.type) {
      case 'tool.started':
        this.#line(`${pad}${this.#c.cyan('→')} ${this.#c.bold(visibleControls(event.toolName))} ${this.#c.dim(previewArguments(event.arguments, ARGUMENT_PREVIEW))}`);
        return;
      case 'tool.completed':
        this.#line(`${pad}  ${this.#c.green('✓')} ${visibleControls(event.toolName)} ${this.#c.dim(`(${formatDuration(event.durationMs)})`)}`);
        return;
      case 'tool.failed':
        this.#line(`${pad}  ${this.#c.red('✗')} ${visibleControls(event.toolName)} ${this.#c.red(`[${visibleControls(event.code)}]`)} ${oneLine(event.result.content, RESULT_PREVIEW)} ${this.#c.dim(`(${formatDuration(event.durationMs)})`)}`);
        return;
      case 'provider.responded':
        if (event.text.trim() !== '') this.#line(`${pad}${this.#c.dim(oneLine(event.text, RESULT_PREVIEW))}`);
        return;
      case 'run.failed':
        this.#line(`${pad}${this.#c.red(`failed [${visibleControls(event.error.code)}]`)} ${oneLine(event.error.message, RESULT_PREVIEW)}`);
        return;
      case 'run.cancelled':
        this.#line(`${pad}${this.#c.yellow('cancelled')}`);
        return;
      default:
        return;
    }
  }

  #responded(text: string, toolCallCount: number): void {
    // A provider that does not stream sends no deltas: its text arrives whole here.
    const whole = this.#streamedThisResponse ? this.#responseText : text;
    if (this.#live) {
      if (!this.#streamedThisResponse) this.#liveText(text);
      if (this.#pendingCr) {
        this.#answer.write(visibleControls('\r'));
        this.#answerAtLineStart = false;
        this.#pendingCr = false;
      }
      this.#endAnswerLine();
    } else if (toolCallCount > 0 && whole.trim() !== '') {
      // Text beside tool calls is not the answer: it is progress.
      this.#line(this.#c.dim(visibleControls(whole.trim())));
    }
  }

  #callDuration(callId: string, durationMs: number): string {
    return formatDuration(Math.max(0, durationMs - this.#tally.waitedFor(callId)));
  }

  #settled(callId: string): void {
    this.#running.delete(callId);
    this.#awaitingApproval.delete(callId);
    this.#updateSpinner();
  }

  #summary(output: RunOutput): string {
    const parts: string[] = [];
    if (output.status === 'completed') parts.push(this.#c.green('completed'));
    else if (output.status === 'cancelled') parts.push(this.#c.yellow('cancelled'));
    else parts.push(this.#c.red(`${output.status.replace('_', ' ')} [${output.error?.code ?? output.status}]`));
    parts.push(plural(this.#tally.turns, 'turn'), plural(this.#tally.toolCalls, 'tool call'));
    if (output.usage) parts.push(`${output.usage.totalTokens} tokens (${output.usage.inputTokens} in, ${output.usage.outputTokens} out)`);
    parts.push(formatDuration(this.#tally.durationMs));
    const line = parts.join(' · ');
    return output.status === 'completed' || !output.error ? line : `${line}: ${oneLine(output.error.message, 200)}`;
  }

  // Spins while some call runs that is not waiting for a person's answer.
  #updateSpinner(): void {
    if (!this.#spinner || this.#paused) return;
    const running = [...this.#running].filter(([callId]) => !this.#awaitingApproval.has(callId)).map(([, name]) => name);
    if (running.length === 0) this.#spinner.stop();
    else this.#spinner.start(`running ${[...new Set(running)].join(', ')}`);
  }

  #liveText(text: string): void {
    // A CR at the end of a delta may be the first half of a CR LF: it waits for the next one.
    let chunk = (this.#pendingCr ? '\r' : '') + text;
    this.#pendingCr = chunk.endsWith('\r');
    if (this.#pendingCr) chunk = chunk.slice(0, -1);
    if (chunk === '') return;
    this.#spinner?.hide();
    const shown = visibleControls(chunk);
    this.#answer.write(shown);
    this.#answerAtLineStart = shown.endsWith('\n');
  }

  #endAnswerLine(): void {
    if (!this.#answerAtLineStart) this.#answer.write('\n');
    this.#answerAtLineStart = true;
  }

  #line(text: string): void {
    this.#spinner?.hide();
    if (this.#live) this.#endAnswerLine();
    this.#progress.write(`${text}\n`);
  }
}
