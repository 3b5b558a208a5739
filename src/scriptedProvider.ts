// A deterministic Provider for tests, demos and benchmarks: it answers from a script and
// fails loudly when it is asked for more than it was given.
import { abortReason } from './abortReason.js';
import { TinyAgentError } from './errors.js';
import type { Provider, ProviderCallOptions, ProviderRequest, ProviderResponse } from './types.js';

/** A scripted answer: a response, or a function of the request (which may throw or wait). */
export type ScriptStep = ProviderResponse | ((request: ProviderRequest, options: ProviderCallOptions) => ProviderResponse | Promise<ProviderResponse>);

/** The whole script: a list of steps, or one function asked for every response. */
export type Script = readonly ScriptStep[] | ((request: ProviderRequest, callIndex: number, options: ProviderCallOptions) => ProviderResponse | Promise<ProviderResponse>);

/**
 * Thrown (as a provider failure) when the script has no response left.
 * @example
 * const provider = createScriptedProvider([{ text: 'only once' }]);
 * await provider.complete({ messages: [], tools: [] }, { signal: new AbortController().signal });
 * await provider.complete({ messages: [], tools: [] }, { signal: new AbortController().signal }).catch((error) => error instanceof ScriptExhaustedError) // true
 */
export class ScriptExhaustedError extends TinyAgentError<'script_exhausted', { calls: number; steps: number }> {}

/** A Provider that replays a script and records what it was asked. */
export interface ScriptedProvider extends Provider {
  /** Every request received, in order (messages copied at the time of the call). */
  readonly requests: ProviderRequest[];
  /** How many times `complete` was called. */
  readonly calls: number;
}

/**
 * Creates a deterministic provider from a list of responses or a function.
 * @example
 * const provider = createScriptedProvider([
 *   { toolCalls: [{ id: 'c1', name: 'echo', arguments: '{"text":"hi"}' }] },
 *   { text: 'done' },
 * ]);
 */
export function createScriptedProvider(script: Script): ScriptedProvider {
  const requests: ProviderRequest[] = [];

  const complete = async (request: ProviderRequest, options: ProviderCallOptions): Promise<ProviderResponse> => {
    if (options.signal.aborted) throw abortReason(options.signal);
    const callIndex = requests.length;
    const recorded: ProviderRequest = { messages: request.messages.slice(), tools: request.tools };
    if (request.responseFormat) recorded.responseFormat = request.responseFormat;
    requests.push(recorded);
    if (typeof script === 'function') return script(request, callIndex, options);
    const step = script[callIndex];
    if (step === undefined) {
      throw new ScriptExhaustedError(
        'script_exhausted',
        `Scripted provider was called ${callIndex + 1} times but has only ${script.length} responses`,
        { details: { calls: callIndex + 1, steps: script.length } },
      );
    }
    return typeof step === 'function' ? step(request, options) : step;
  };

  return {
    complete,
    requests,
    get calls() {
      return requests.length;
    },
  };
}
