// xstate's promise actor, with one difference: its AbortController is created only if the
// promise's creator reads `signal` (see LazyAbort). Like fromPromise, stopping the actor
// (e.g. leaving the state that invoked it) aborts the signal.
import type { AnyActorRef, PromiseActorLogic, PromiseSnapshot } from 'xstate';
import { LazyAbort } from './lazyAbort.js';

const RESOLVE = 'tinyagent.promise.resolve';
const REJECT = 'tinyagent.promise.reject';

// Per actor, outside its snapshot (snapshots are data that may be persisted).
const aborts = new WeakMap<object, LazyAbort>();

/** What the creator receives: its input, and an abort handle whose `signal` is created on first read. */
export interface AbortablePromiseArgs<TInput> {
  input: TInput;
  abort: LazyAbort;
  /** The promise actor itself. */
  self: AnyActorRef;
}

/**
 * Promise actor logic whose signal costs nothing unless it is used.
 * @example const fetchIt = fromAbortablePromise<Response, string>(({ input, abort }) => fetch(input, { signal: abort.signal }));
 */
export function fromAbortablePromise<TOutput, TInput>(creator: (args: AbortablePromiseArgs<TInput>) => PromiseLike<TOutput>): PromiseActorLogic<TOutput, TInput> {
  return {
    config: creator,
    // Snapshots are written out in full, not `{ ...snapshot, … }` (see startedEvent in runSteps.ts).
    transition: (snapshot, event, { self }) => {
      if (snapshot.status !== 'active') return snapshot;
      switch (event.type) {
        case RESOLVE:
          return { status: 'done', output: event.data as TOutput, error: undefined, input: undefined };
        case REJECT:
          return { status: 'error', output: undefined, error: event.data, input: undefined };
        case 'xstate.stop':
          aborts.get(self)?.abort();
          aborts.delete(self);
          return { status: 'stopped', output: undefined, error: undefined, input: undefined };
        default:
          return snapshot;
      }
    },
    start: (snapshot, { self }) => {
      if (snapshot.status !== 'active') return;
      const abort = new LazyAbort();
      aborts.set(self, abort);
      const settle = (type: string, data: unknown) => {
        if (self.getSnapshot().status !== 'active') return;
        aborts.delete(self);
        self.send({ type, data });
      };
      let promise: PromiseLike<TOutput>;
      try {
        promise = creator({ input: snapshot.input as TInput, abort, self });
      } catch (error) {
        // A creator that throws before returning a promise fails like a rejected one.
        promise = Promise.reject(error);
      }
      Promise.resolve(promise).then(
        (output) => settle(RESOLVE, output),
        (error: unknown) => settle(REJECT, error),
      );
    },
    getInitialSnapshot: (_scope, input): PromiseSnapshot<TOutput, TInput> => ({ status: 'active', output: undefined, error: undefined, input }),
    getPersistedSnapshot: (snapshot) => snapshot,
    restoreSnapshot: (snapshot) => snapshot as PromiseSnapshot<TOutput, TInput>,
  };
}
