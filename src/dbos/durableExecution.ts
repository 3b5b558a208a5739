// One execution of a Run's workflow in this process: the first one, or a replay after a
// crash or a restart. Every durable operation goes through it, so that a replay makes the
// same steps in the same order and sees what the first execution saw:
// - `step` runs a function as a DBOS step (a replay returns the recorded outcome);
// - `now` is the Run's clock: the time recorded by the last step, never the wall clock;
// - a cancel request reaches the Run only when a step ends (recorded in that step), while a
//   step in flight gets its signal aborted at once.
import { randomUUID } from 'node:crypto';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { captureContext, type ContextRunner } from './asyncContext.js';
import { cancelWatcher } from './cancelRequests.js';
import { recordError, reviveError, type StepRecord } from './stepRecord.js';

/** How a step treats a cancel request that came before it started. */
export type CancelPolicy = 'skip' | 'run';

export class DurableExecution {
  readonly workflowId: string;
  /** Unique to this execution: a step that recorded another token ran in an earlier one. */
  readonly token = randomUUID();
  /** Aborted (with the cancel reason) when a step reports the cancel: the Run's signal. */
  readonly runSignal: AbortSignal;
  readonly #abortRun = new AbortController();
  readonly #inWorkflow: ContextRunner;
  readonly #inFlight = new Set<AbortController>();
  #at: number;
  #cancelRequested: string | undefined;
  #stopWatching: (() => void) | undefined;
  #watching: Promise<void>;

  constructor(startedAt: number) {
    this.workflowId = DBOS.workflowID!;
    this.#at = startedAt;
    this.#inWorkflow = captureContext();
    this.runSignal = this.#abortRun.signal;
    this.#watching = cancelWatcher
      .watch(this.workflowId, (reason) => {
        this.#cancelRequested = reason;
        for (const controller of this.#inFlight) controller.abort(reason);
      })
      .then((stop) => {
        this.#stopWatching = stop;
      });
  }

  /** The Run's clock in epoch milliseconds: the end time of the last recorded step. */
  now = (): number => this.#at;

  /** Runs `fn` inside this workflow's context (DBOS workflow operations need it). */
  inWorkflow<R>(fn: () => R): R {
    return this.#inWorkflow(fn);
  }

  /** The Run is cancelled from now on: its actor gets CANCEL through its signal. */
  cancel(reason: string): void {
    if (!this.runSignal.aborted) this.#abortRun.abort(reason);
  }

  /**
   * Runs `body` as the DBOS step `name`; a replay returns the recorded value or throws the
   * recorded error. `onCancelBefore: 'skip'` does not run a body whose Run was cancelled
   * before it began (and returns `skipped`).
   */
  async step<T>(name: string, body: (signal: AbortSignal) => Promise<T>, onCancelBefore: CancelPolicy): Promise<{ value: T } | { skipped: true }> {
    const record = await this.#inWorkflow(() =>
      DBOS.runStep<StepRecord<T>>(
        async () => {
          await this.#watching;
          if (this.#cancelRequested !== undefined && onCancelBefore === 'skip') return { at: Date.now(), cancel: this.#cancelRequested, skipped: true };
          const controller = new AbortController();
          if (this.#cancelRequested !== undefined) controller.abort(this.#cancelRequested);
          this.#inFlight.add(controller);
          try {
            const value = await body(controller.signal);
            return { at: Date.now(), value, ...this.#cancelField() };
          } catch (error) {
            return { at: Date.now(), error: recordError(error), ...this.#cancelField() };
          } finally {
            this.#inFlight.delete(controller);
          }
        },
        { name },
      ),
    );
    this.#at = Math.max(this.#at, record.at);
    if (record.cancel !== undefined) this.cancel(record.cancel);
    if ('error' in record) throw reviveError(record.error);
    if ('skipped' in record) return { skipped: true };
    return { value: record.value };
  }

  /** Ends the execution: stops watching for cancel requests. */
  async close(): Promise<void> {
    await this.#watching;
    this.#stopWatching?.();
  }

  #cancelField(): { cancel?: string } {
    return this.#cancelRequested === undefined ? {} : { cancel: this.#cancelRequested };
  }
}
