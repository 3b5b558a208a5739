// A Run's events as an RxJS Observable, derived from the events its machine emits.
import type { Observable } from 'rxjs';
import type { ActorRefFrom } from 'xstate';
import type { runMachine } from '../../machines/run.machine.js';
import { IsolatedObservable, type SubscriberErrorHandler } from '../events/isolatedObservable.js';
import { isTerminalRunEvent, type RunEvent } from '../events/runEvent.js';

/** An actor of the Run machine, as `createRunActor` returns it. */
export type RunActor = ActorRefFrom<typeof runMachine>;

/**
 * The Run's events from now on; completes after the terminal event. Subscribe before
 * `actor.start()` to see `run.started`. A subscriber that throws cannot affect the Run.
 * @example runEvents(actor).subscribe((event) => console.log(event.seq, event.type));
 */
export function runEvents(actor: RunActor, onSubscriberError?: SubscriberErrorHandler): Observable<RunEvent> {
  return new IsolatedObservable<RunEvent>((subscriber) => {
    const subscription = actor.on('*', (event) => {
      subscriber.next(event);
      if (isTerminalRunEvent(event)) subscriber.complete();
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
