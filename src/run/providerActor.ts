// The actor that performs one provider request. xstate aborts its `signal` when the Run
// leaves `awaitingProvider` (CANCEL), which aborts the request.
import { fromPromise } from 'xstate';
import type { Provider, ProviderRequest } from '../types.js';
import { normalizeResponse, type NormalizedResponse } from './normalizeResponse.js';

export interface ProviderCallInput {
  provider: Provider;
  request: ProviderRequest;
  /** Forwards streamed text to the Run, which emits `text.delta`. */
  onTextDelta: (delta: string) => void;
}

/** Calls `provider.complete` and checks what it returns. */
export const callProvider = fromPromise<NormalizedResponse, ProviderCallInput>(async ({ input, signal }) => {
  const raw = await input.provider.complete(input.request, {
    signal,
    onTextDelta: (delta) => {
      if (!signal.aborted && typeof delta === 'string' && delta.length > 0) input.onTextDelta(delta);
    },
  });
  return normalizeResponse(raw);
});
