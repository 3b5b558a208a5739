// The actor that performs one provider request. Stopping it, which xstate does when the
// Run leaves `awaitingProvider` (CANCEL), aborts the request's signal.
import type { Provider, ProviderCallOptions, ProviderRequest } from '../types.js';
import { fromAbortablePromise } from './abortablePromise.js';
import type { LazyAbort } from './lazyAbort.js';
import { normalizeResponse, type NormalizedResponse } from './normalizeResponse.js';

export interface ProviderCallInput {
  provider: Provider;
  request: ProviderRequest;
  /** Forwards streamed text to the Run, which emits `text.delta`. */
  onTextDelta: (delta: string) => void;
}

// The options a provider receives. `signal` is an own, enumerable getter (a spread copy
// still has it) whose AbortSignal is created when the provider first reads it.
function callOptions(abort: LazyAbort, forward: (delta: string) => void): ProviderCallOptions {
  return {
    get signal() {
      return abort.signal;
    },
    onTextDelta: (delta) => {
      if (!abort.aborted && typeof delta === 'string' && delta.length > 0) forward(delta);
    },
  };
}

/** Calls `provider.complete` and checks what it returns. */
export const callProvider = fromAbortablePromise<NormalizedResponse, ProviderCallInput>(async ({ input, abort }) => {
  const raw = await input.provider.complete(input.request, callOptions(abort, input.onTextDelta));
  return normalizeResponse(raw);
});
