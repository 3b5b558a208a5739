// An Observable whose subscribers cannot hurt the Run or the process. RxJS reports an
// error thrown by a subscriber's callback by re-throwing it on a timer, which ends a Node
// process; here each callback is guarded before RxJS sees it, and operators keep the guard.
import { Observable, Subscriber } from 'rxjs';
import type { Observer, Operator, Subscription, TeardownLogic } from 'rxjs';

/** Where errors thrown by event subscribers go. */
export type SubscriberErrorHandler = (error: unknown) => void;

const reportToConsole: SubscriberErrorHandler = (error) => {
  console.error('tinyagent: an event subscriber threw; the Run goes on.', error);
};

function guard<A extends unknown[]>(fn: ((...args: A) => void) | undefined, onError: SubscriberErrorHandler) {
  if (!fn) return undefined;
  return (...args: A) => {
    try {
      fn(...args);
    } catch (error) {
      onError(error);
    }
  };
}

/** An RxJS Observable that isolates each subscriber's exceptions. */
export class IsolatedObservable<T> extends Observable<T> {
  constructor(
    subscribe?: (this: Observable<T>, subscriber: Subscriber<T>) => TeardownLogic,
    private readonly onSubscriberError: SubscriberErrorHandler = reportToConsole,
  ) {
    super(subscribe);
  }

  override subscribe(observerOrNext?: Partial<Observer<T>> | ((value: T) => void) | null): Subscription {
    const onError = this.onSubscriberError;
    if (typeof observerOrNext === 'function') return super.subscribe(guard(observerOrNext, onError));
    if (!observerOrNext) return super.subscribe();
    const subscription = super.subscribe({
      next: guard(observerOrNext.next?.bind(observerOrNext), onError),
      error: guard(observerOrNext.error?.bind(observerOrNext), onError),
      complete: guard(observerOrNext.complete?.bind(observerOrNext), onError),
    });
    // Operators (take, first, firstValueFrom) subscribe with a Subscriber and unsubscribe
    // it when they are done: the wrapped subscription must end with it.
    if (observerOrNext instanceof Subscriber) observerOrNext.add(subscription);
    return subscription;
  }

  // Operators build their result with lift(); returning our class keeps piped streams guarded.
  override lift<R>(operator?: Operator<T, R>): Observable<R> {
    const observable = new IsolatedObservable<R>(undefined, this.onSubscriberError);
    (observable as unknown as { source: Observable<T> }).source = this;
    (observable as unknown as { operator?: Operator<T, R> }).operator = operator;
    return observable;
  }
}
