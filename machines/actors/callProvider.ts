// The actor that performs one provider request (docs/design.md, "The Run"). Its input is data:
// the Run's messages so far and its facts; the provider, the instructions and the offered tools
// come from the environment the actor was bound to. It reports each streamed piece of text,
// then the checked response or the failure, with `sendBack`. Stopping it, which XState does
// when the Run leaves `awaitingProvider` (CANCEL), aborts the request's signal. A restored Run
// whose snapshot was taken in `awaitingProvider` starts this actor again: the request is made again.
import { fromCallback, type EventObject, type NonReducibleUnknown } from 'xstate';
import { ProviderError } from '../../src/errors.js';
import type { Message, ProviderCallOptions, ProviderRequest } from '../../src/types.js';
import type { RunEnvironment } from '../environment.js';
import { normalizeResponse, type NormalizedResponse } from '../run/normalizeResponse.js';
import { LazyAbort, WithLazySignal } from './lazyAbort.js';

export interface ProviderCallInput {
  runId: string;
  /** The user's input that started the Run (for an `instructions` function). */
  input: string;
  iterations: number;
  /** The session history, then the Run's messages so far. */
  messages: readonly Message[];
  /** limits.maxTextChars: streamed text beyond it is not forwarded; a longer answer fails the Run. */
  maxTextChars: number;
}

/** What the request reports to its Run. */
export type ProviderReport =
  | { type: 'provider.textDelta'; delta: string }
  | { type: 'provider.answered'; response: NormalizedResponse }
  | { type: 'provider.failed'; error: unknown };

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

/**
 * The request a Run sends: instructions first (never persisted), then the messages; the tools offered.
 * @example
 * import type { RunEnvironment } from '../environment.js';
 * declare const environment: RunEnvironment, input: Parameters<typeof providerRequest>[1];
 * providerRequest(environment, input).messages[0]; // { role: 'system', content: 'Be brief.' }
 */
export function providerRequest(environment: RunEnvironment, input: ProviderCallInput): ProviderRequest {
  const { instructions } = environment;
  const text = typeof instructions === 'function' ? instructions({ runId: input.runId, input: input.input, iterations: input.iterations }) : instructions;
  // Without instructions the input's array is sent as it is (one array less per waiting Run).
  const messages = typeof text === 'string' && text !== '' ? [{ role: 'system', content: text } as Message, ...input.messages] : (input.messages as Message[]);
  return { messages, tools: environment.tools.specs };
}

/**
 * The provider actor logic of `environment`.
 * @example
 * import { setup } from 'xstate';
 * import type { RunEnvironment } from '../environment.js';
 * declare const environment: RunEnvironment;
 * setup({ actors: { callProvider: callProvider(environment) } });
 */
export function callProvider(environment: RunEnvironment) {
  return fromCallback<EventObject, ProviderCallInput & NonReducibleUnknown>(({ input, sendBack }) => {
    const abort = new LazyAbort();
    let settled = false;
    let streamed = 0;
    // Deltas of a request that has settled are dropped: they would be taken for the next one's.
    const forward = (delta: string) => {
      if (settled || streamed >= input.maxTextChars) return;
      const kept = delta.length <= input.maxTextChars - streamed ? delta : delta.slice(0, input.maxTextChars - streamed);
      streamed += kept.length;
      sendBack({ type: 'provider.textDelta', delta: kept } satisfies ProviderReport);
    };
    const fail = (error: unknown) => {
      settled = true;
      sendBack({ type: 'provider.failed', error } satisfies ProviderReport);
    };
    // One `then`, no async function: a Run waiting on its provider keeps no suspended generator.
    new Promise<unknown>((resolve) => resolve(environment.provider.complete(providerRequest(environment, input), new LazyCallOptions(abort, forward)))).then(
      (raw) => {
        let response: NormalizedResponse;
        try {
          response = checkTextLength(normalizeResponse(raw), input.maxTextChars);
        } catch (error) {
          return fail(error);
        }
        settled = true;
        sendBack({ type: 'provider.answered', response } satisfies ProviderReport);
      },
      fail,
    );
    return () => {
      settled = true;
      abort.abort();
    };
  });
}
