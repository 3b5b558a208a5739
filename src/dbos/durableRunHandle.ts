// A handle on a durable Run, from any process: its result and its events, read from DBOS.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { Observable } from 'rxjs';
import { ConfigurationError, RunError } from '../errors.js';
import { isTerminalRunEvent, type RunEvent } from '../events/runEvent.js';
import type { RunOutput } from '../types.js';
import { outsideWorkflows } from './asyncContext.js';
import { EVENTS_STREAM } from './durableRun.js';

/** A Run that runs as a DBOS workflow, wherever it runs. */
export interface DurableRunHandle {
  /** The workflow's id, which is also the Run's id (`RunOutput.runId`). */
  readonly workflowId: string;
  /**
   * Resolves with the RunOutput when the Run completes; rejects with a RunError (its code)
   * otherwise, and with a ConfigurationError when no Run has this id.
   */
  result(): Promise<RunOutput>;
  /**
   * The Run's events from its first one, whenever you subscribe, live until its terminal
   * event. Read from the workflow's stream: works in a process that runs none of the Run.
   */
  events(): Observable<RunEvent>;
}

/** The RunError of a Run that did not complete, as `agent.run` rejects. */
function settle(output: RunOutput): RunOutput {
  if (output.status === 'completed') return output;
  const error = output.error ?? { code: output.status, message: `Run ended with status ${output.status}` };
  throw new RunError(error.code, error.message, output);
}

/** Emits `events` in `seq` order: concurrent stream writes may land out of order. */
function inSeqOrder(subscriber: { next(event: RunEvent): void; complete(): void }) {
  const waiting = new Map<number, RunEvent>();
  let next = 0; // run.started
  let ended = false;
  return (event: RunEvent): boolean => {
    waiting.set(event.seq, event);
    for (let ready = waiting.get(next); ready !== undefined && !ended; ready = waiting.get(next)) {
      waiting.delete(next);
      next += 1;
      subscriber.next(ready);
      if (isTerminalRunEvent(ready)) ended = true;
    }
    if (ended) subscriber.complete();
    return ended;
  };
}

/**
 * A handle on the durable Run `workflowId` (DBOS must be launched in this process).
 * @example
 * const output = await durableRunHandle('run-42').result();
 */
export function durableRunHandle(workflowId: string): DurableRunHandle {
  return {
    workflowId,
    async result() {
      const status = await outsideWorkflows(() => DBOS.getWorkflowStatus(workflowId));
      if (status === null) throw new ConfigurationError(`No durable Run has the workflow id "${workflowId}"`);
      const output = await outsideWorkflows(() => DBOS.retrieveWorkflow<RunOutput>(workflowId).getResult());
      return settle(output);
    },
    events() {
      return new Observable<RunEvent>((subscriber) => {
        const reader = outsideWorkflows(() => DBOS.readStream<RunEvent>(workflowId, EVENTS_STREAM));
        const emit = inSeqOrder(subscriber);
        let stopped = false;
        void (async () => {
          try {
            for await (const event of reader) {
              if (stopped || emit(event)) break;
            }
            if (!stopped) subscriber.complete();
          } catch (error) {
            if (!stopped) subscriber.error(error);
          }
        })();
        return () => {
          stopped = true;
          void reader.return(undefined);
        };
      });
    },
  };
}
