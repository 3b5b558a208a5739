// The actor that performs one provider request. Its input is data (the request); the provider
// comes from the Run's environment. Stopping it, which xstate does when the Run leaves
// `awaitingProvider` (CANCEL), aborts the request's signal. A restored Run whose snapshot was
// taken in `awaitingProvider` starts this actor again: the request is made again.
import { ProviderError } from '../../src/errors.js';
import type { ProviderCallOptions, ProviderRequest } from '../../src/types.js';
import { fromAbortablePromise } from '../toolCall/abortablePromise.js';
import { WithLazySignal, type LazyAbort } from '../toolCall/lazyAbort.js';
import { normalizeResponse, type NormalizedResponse } from './normalizeResponse.js';
import { environmentOf } from './runEnvironment.js';

export interface ProviderCallInput {
  request: ProviderRequest;
  /** limits.maxTextChars: streamed text beyond it is not forwarded; a longer answer fails the Run. */
  maxTextChars: number;
}

/** Sent to the Run for each streamed piece of text the request produced while it was open. */
export interface ProviderTextDeltaEvent {
  type: 'provider.textDelta';
  delta: string;
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

function checkTextLength(response: NormalizedResponse, maxTextChars: number): NormalizedResponse {
  if (response.text.length > maxTextChars) {
    throw new ProviderError(`The response's text has ${response.text.length} characters, more than limits.maxTextChars (${maxTextChars})`);
  }
  return response;
}

/** Calls the environment's `provider.complete` and checks what it returns. */
export const callProvider = fromAbortablePromise<NormalizedResponse, ProviderCallInput>(({ input, abort, self }) => {
  const { provider } = environmentOf(self.system);
  let settled = false;
  let streamed = 0;
  // Deltas of a request that has settled are dropped: they would be taken for the next one's.
  const forward = (delta: string) => {
    if (settled || streamed >= input.maxTextChars) return;
    const kept = delta.length <= input.maxTextChars - streamed ? delta : delta.slice(0, input.maxTextChars - streamed);
    streamed += kept.length;
    self._parent?.send({ type: 'provider.textDelta', delta: kept } satisfies ProviderTextDeltaEvent);
  };
  // Not an async function, and one `then`: a Run waiting on its provider keeps no suspended
  // generator, and a step costs no more promise hops than it must.
  return Promise.resolve(provider.complete(input.request, new LazyCallOptions(abort, forward))).then(
    (response) => {
      settled = true;
      return checkTextLength(normalizeResponse(response), input.maxTextChars);
    },
    (error: unknown) => {
      settled = true;
      throw error;
    },
  );
});
