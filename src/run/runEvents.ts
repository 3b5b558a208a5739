// A Run's events as an RxJS Observable, derived from the events its machine emits.
import type { Observable } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { runMachine } from '../../machines/run.machine.js';
import { IsolatedObservable, type SubscriberErrorHandler } from '../events/isolatedObservable.js';
import { isTerminalRunEvent, type RunEvent } from '../events/runEvent.js';
import { buildRunOutput, cancelledOutcome } from '../../machines/run/runOutput.js';
import { RunErrorCode } from '../codes.js';
import { RunError } from '../errors.js';
import type { RunOutput } from '../types.js';

/** An actor of the Run machine, as `createRunActor` returns it. */
export type RunActor = ActorRefFrom<typeof runMachine>;

/**
 * The Run's events from now on, its sub-agents' among them (tagged with `parentRunId`);
 * completes after its own terminal event. Subscribe before
 * `actor.start()` to see `run.started`. A subscriber that throws cannot affect the Run.
 * @example
 * import { createRunActor } from 'tinyagent';
 * const actor = createRunActor({ provider, tools, input: 'Hi' });
 * runEvents(actor).subscribe((event) => console.log(event.seq, event.type));
 * actor.start();
 */
export function runEvents(actor: RunActor, onSubscriberError?: SubscriberErrorHandler): Observable<RunEvent> {
  return new IsolatedObservable<RunEvent>((subscriber) => {
    const subscription = actor.on('*', (event) => {
      subscriber.next(event);
      // A sub-agent's end (docs/agents-as-tools.md) passes through; only the Run's own ends the stream.
      if (isTerminalRunEvent(event) && event.parentRunId === undefined) subscriber.complete();
    });
    // Completes at once for an actor that already stopped (its events are gone), and
    // reports an actor that crashed instead of leaving the stream open forever.
    const lifecycle = actor.subscribe({ complete: () => subscriber.complete(), error: (error) => subscriber.error(error) });
    return () => {
      subscription.unsubscribe();
      lifecycle.unsubscribe();
    };
  }, onSubscriberError);
}

/**
 * The Run's output once it ends (whatever its status); rejects only if the actor itself crashed.
 * Users need no `xstate` import for this.
 * @example
 * import { createRunActor } from 'tinyagent';
 * const actor = createRunActor({ provider, tools: [], input: 'Hi' });
 * actor.start();
 * const { status, text } = await runToPromise(actor);
 */
export function runToPromise(actor: RunActor): Promise<RunOutput> {
  return new Promise<RunOutput>((resolve, reject) => {
    const settle = () => {
      const snapshot = actor.getSnapshot();
      if (snapshot.status === 'done') resolve(snapshot.output);
      else if (snapshot.status === 'error') reject(snapshot.error);
      else {
        const { context } = snapshot;
        const outcome = cancelledOutcome(context.cancelReason);
        const output = buildRunOutput({ runId: context.runId, outcome, iterations: context.iterations, messages: context.messages, usage: context.usage });
        reject(new RunError(RunErrorCode.cancelled, 'The Run actor was stopped before it ended', output, { cause: context.cancelReason }));
      }
    };
    if (actor.getSnapshot().status !== 'active') return settle();
    actor.subscribe({ complete: settle, error: reject });
  });
}
