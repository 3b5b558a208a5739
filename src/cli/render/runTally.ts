// What the summary and the JSON result count, from the Run's events: model turns (provider
// responses), tool calls, and the wall time minus the time spent waiting for a person.
import type { RunEvent } from '../../index.js';

/** Counts one Run's events; `handle` each in order. */
export class RunTally {
  turns = 0;
  toolCalls = 0;
  readonly #now: () => number;
  readonly #startedAt: number;
  #waitedMs = 0;
  readonly #waitedByCall = new Map<string, number>();
  #waitStart: number | undefined;
  readonly #running = new Set<string>();

  /** @example new RunTally(() => performance.now()) */
  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
    this.#startedAt = now();
  }

  /**
   * Counts one event.
   * @example
   * const tally = new RunTally();
   * agent.stream('hi').subscribe((event) => tally.handle(event));
   */
  handle(event: RunEvent): void {
    if (event.parentRunId !== undefined) return; // a sub-agent's: its spending comes with its call's result
    if (event.type === 'provider.responded') this.turns++;
    else if (event.type === 'tool.started') {
      this.toolCalls++;
      this.#running.add(event.callId);
    } else if (event.type === 'tool.completed' || event.type === 'tool.failed') this.#running.delete(event.callId);
  }

  /** A person is being asked about this call: the clock stops counting. */
  waitStarted(): void {
    this.#waitStart ??= this.#now();
  }

  /**
   * The person answered about this call; without a call (a server's question in the middle of
   * a call), the wait belongs to every call running.
   */
  waitEnded(callId?: string): void {
    if (this.#waitStart === undefined) return;
    const waited = this.#now() - this.#waitStart;
    this.#waitStart = undefined;
    this.#waitedMs += waited;
    for (const id of callId === undefined ? this.#running : [callId]) this.#waitedByCall.set(id, (this.#waitedByCall.get(id) ?? 0) + waited);
  }

  /** Time spent waiting for answers about this call. */
  waitedFor(callId: string): number {
    return this.#waitedByCall.get(callId) ?? 0;
  }

  /** Whole milliseconds since the tally started, waits excluded. */
  get durationMs(): number {
    const waiting = this.#waitStart === undefined ? 0 : this.#now() - this.#waitStart;
    return Math.max(0, Math.round(this.#now() - this.#startedAt - this.#waitedMs - waiting));
  }
}

/**
 * `1 turn`, `2 tool calls`.
 * @example plural(2, 'turn') // '2 turns'
 */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}
