// The actor that performs one provider request (docs/design.md, "The Run"). Its input is data:
// the Run's messages so far and its facts; the provider, the instructions and the offered tools
// come from the environment the actor was bound to. It reports each streamed piece of text,
// then the checked response or the failure, with `sendBack`. Stopping it, which XState does
// when the Run leaves `awaitingProvider` (CANCEL), aborts the request's signal. A restored Run
// whose snapshot was taken in `awaitingProvider` starts this actor again: the request is made again.
import { fromCallback, type EventObject, type NonReducibleUnknown } from 'xstate';
import { ConfigurationError, ProviderError } from '../../src/errors.js';
import { quoteValue } from '../../src/describeValue.js';
import type { Message, ProviderCallOptions, ProviderRequest } from '../../src/types.js';
import type { RunEnvironment } from '../environment.js';
import { normalizeResponse, type NormalizedResponse } from '../run/normalizeResponse.js';
import { LazyAbort, WithLazySignal } from './lazyAbort.js';
import { isRecord } from '../../src/isRecord.js';
import { describeValue } from '../../src/describeValue.js';
import { DEFAULT_HOOK_TIMEOUT_MS, type ProviderHookContext } from '../../src/hooks/hookTypes.js';
import type { ProviderResponse } from '../../src/types.js';

export interface ProviderCallInput {
  runId: string;
  /** The user's input that started the Run (for an `instructions` function). */
  input: string;
  iterations: number;
  /** The session history, then the Run's messages so far. */
  messages: readonly Message[];
  /** limits.maxTextChars: streamed text beyond it is not forwarded; a longer answer fails the Run. */
  maxTextChars: number;
  /** The Run's last turn (docs/output.md): only `final_answer` is offered (no tool in mode 'native'). */
  finalTurn?: boolean;
}

/** What the request reports to its Run. */
export type ProviderReport =
  | { type: 'provider.textDelta'; delta: string }
  /** `costUsd`: the environment's `pricing` of the response's usage, when both are there. */
  | { type: 'provider.answered'; response: NormalizedResponse; costUsd?: number }
  /** `hook`: a provider hook failed, not the provider (the Run fails with `hook_failed`). */
  | { type: 'provider.failed'; error: unknown; hook?: ProviderHookName };

/** The provider hooks, named in a `hook_failed` error. */
export type ProviderHookName = 'beforeProviderRequest' | 'afterProviderResponse';

// A provider hook's failure, told apart from the provider's own.
class ProviderHookFailure {
  constructor(
    readonly hook: ProviderHookName,
    readonly error: unknown,
  ) {}
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

// The application's price of one response; a price that is not a non-negative number fails the Run.
function priceOf(environment: RunEnvironment, response: NormalizedResponse): number | undefined {
  if (environment.pricing === undefined || response.usage === undefined) return undefined;
  const price = environment.pricing(response.usage);
  if (typeof price !== 'number' || !(price >= 0) || !Number.isFinite(price)) {
    throw new ConfigurationError(`pricing(usage) must return a non-negative number of USD, got ${quoteValue(price)}`);
  }
  return price;
}

/**
 * The request a Run sends: instructions first (never persisted), then the messages; the tools offered.
 * @example
 * import type { RunEnvironment } from '../environment.js';
 * declare const environment: RunEnvironment; // its instructions: 'Be brief.'
 * declare const input: ProviderCallInput;
 * providerRequest(environment, input).messages[0]; // { role: 'system', content: 'Be brief.' }
 */
export function providerRequest(environment: RunEnvironment, input: ProviderCallInput): ProviderRequest {
  const { instructions } = environment;
  const text = typeof instructions === 'function' ? instructions({ runId: input.runId, input: input.input, iterations: input.iterations }) : instructions;
  // Without instructions the input's array is sent as it is (one array less per waiting Run).
  const messages = typeof text === 'string' && text !== '' ? [{ role: 'system', content: text } as Message, ...input.messages] : (input.messages as Message[]);
  const { output } = environment;
  if (output === undefined) return { messages, tools: environment.tools.specs };
  const tools = input.finalTurn !== true ? environment.tools.specs : output.mode === 'tool' ? [output.spec] : [];
  return output.mode === 'native' ? { messages, tools, responseFormat: { name: output.spec.name, schema: output.spec.parameters } } : { messages, tools };
}

// A hook's promise, bounded by hookTimeoutMs; its failure is marked as the hook's.
function askHook<T>(hook: ProviderHookName, timeoutMs: number, ask: () => T | Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms (hookTimeoutMs)`)), timeoutMs);
  });
  return Promise.race([new Promise<T>((resolve) => resolve(ask())), late]).then(
    (value) => {
      clearTimeout(timer);
      return value;
    },
    (error: unknown) => {
      clearTimeout(timer);
      throw new ProviderHookFailure(hook, error);
    },
  );
}

// The messages beforeProviderRequest adds, checked: an array of messages with a role and text.
function addedMessages(answer: unknown): Message[] {
  if (answer === undefined || answer === null) return [];
  const messages = isRecord(answer) ? answer.messages : undefined;
  if (messages === undefined && isRecord(answer)) return [];
  const valid = Array.isArray(messages) && messages.every((message) => isRecord(message) && typeof message.role === 'string' && typeof message.content === 'string');
  if (!valid) throw new Error(`beforeProviderRequest answered ${describeValue(answer)}, not { messages: [{ role, content }] }`);
  return messages as Message[];
}

// The request with the hooks around it: beforeProviderRequest may add messages to this request
// only (never persisted), afterProviderResponse observes the checked response.
function completeWithHooks(environment: RunEnvironment, input: ProviderCallInput, options: LazyCallOptions, abort: LazyAbort): Promise<NormalizedResponse> {
  const hooks = environment.hooks!;
  const timeoutMs = environment.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS;
  const context: ProviderHookContext = { runId: input.runId, iterations: input.iterations, signal: abort.signal };
  const request = providerRequest(environment, input);
  const before = hooks.beforeProviderRequest;
  const asked = before ? askHook('beforeProviderRequest', timeoutMs, () => Promise.resolve(before(structuredClone(request), context)).then(addedMessages)) : Promise.resolve([]);
  return asked
    .then((added) => environment.provider.complete(added.length === 0 ? request : { ...request, messages: [...request.messages, ...structuredClone(added)] }, options))
    .then((raw) => checkTextLength(normalizeResponse(raw), input.maxTextChars))
    .then((response) => {
      const after = hooks.afterProviderResponse;
      if (!after) return response;
      return askHook('afterProviderResponse', timeoutMs, () => after(structuredClone(response) as ProviderResponse, context)).then(() => response);
    });
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
      if (error instanceof ProviderHookFailure) sendBack({ type: 'provider.failed', error: error.error, hook: error.hook } satisfies ProviderReport);
      else sendBack({ type: 'provider.failed', error } satisfies ProviderReport);
    };
    // The checked response, priced by the environment's `pricing` (a price that is not one fails the Run).
    const answer = (response: NormalizedResponse) => {
      let costUsd: number | undefined;
      try {
        costUsd = priceOf(environment, response);
      } catch (error) {
        return fail(error);
      }
      settled = true;
      sendBack((costUsd === undefined ? { type: 'provider.answered', response } : { type: 'provider.answered', response, costUsd }) satisfies ProviderReport);
    };
    if (environment.hooks?.beforeProviderRequest || environment.hooks?.afterProviderResponse) {
      completeWithHooks(environment, input, new LazyCallOptions(abort, forward), abort).then(answer, fail);
      return () => {
        settled = true;
        abort.abort();
      };
    }
    // One `then`, no async function: a Run waiting on its provider keeps no suspended generator.
    new Promise<unknown>((resolve) => resolve(environment.provider.complete(providerRequest(environment, input), new LazyCallOptions(abort, forward)))).then(
      (raw) => {
        let response: NormalizedResponse;
        try {
          response = checkTextLength(normalizeResponse(raw), input.maxTextChars);
        } catch (error) {
          return fail(error);
        }
        answer(response);
      },
      fail,
    );
    return () => {
      settled = true;
      abort.abort();
    };
  });
}
