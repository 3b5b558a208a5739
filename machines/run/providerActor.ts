// The actor that performs one provider request. Stopping it, which xstate does when the
// Run leaves `awaitingProvider` (CANCEL), aborts the request's signal.
import type { Provider, ProviderCallOptions, ProviderRequest } from '../../src/types.js';
import { fromAbortablePromise } from '../toolCall/abortablePromise.js';
import { WithLazySignal, type LazyAbort } from '../toolCall/lazyAbort.js';
import { normalizeResponse, type NormalizedResponse } from './normalizeResponse.js';

export interface ProviderCallInput {
  provider: Provider;
  request: ProviderRequest;
  /** Forwards streamed text to the Run, which emits `text.delta`. */
  onTextDelta: (delta: string) => void;
}

// The options a provider receives; its signal is created when the provider first reads it.
class LazyCallOptions extends WithLazySignal implements ProviderCallOptions {
  readonly onTextDelta: (delta: string) => void;

  constructor(abort: LazyAbort, forward: (delta: string) => void) {
    super(abort);
    this.onTextDelta = (delta) => {
      if (!abort.aborted && typeof delta === 'string' && delta.length > 0) forward(delta);
    };
    this.defineSignal();
  }
}

/** Calls `provider.complete` and checks what it returns. */
export const callProvider = fromAbortablePromise<NormalizedResponse, ProviderCallInput>(({ input, abort }) =>
  // Not an async function: a Run waiting on its provider keeps no suspended generator.
  Promise.resolve(input.provider.complete(input.request, new LazyCallOptions(abort, input.onTextDelta))).then(normalizeResponse),
);
