// The Provider shape both HTTP adapters share: map the request, send it with retries, read the
// answer as one JSON document or as an event stream, map it back.
import type { Provider, ProviderInfo, ProviderRequest, ProviderResponse } from '../types.js';
import { isEventStream, readJson } from './http/postJson.js';
import { sendWithRetry } from './http/sendWithRetry.js';
import { readSse, type SseHandler } from './http/sse.js';
import type { ResolvedHttpOptions } from './options.js';

/** Assembles a stream into the response a non-streamed request would give. */
export interface StreamAccumulator {
  push: SseHandler;
  finish(): ProviderResponse;
}

export interface HttpProviderSpec {
  /** Names the provider in error messages, e.g. `OpenAI`. */
  provider: string;
  /** The GenAI conventions' name of the provider (`gen_ai.provider.name`), e.g. `openai`. */
  system: string;
  config: ResolvedHttpOptions;
  body(request: ProviderRequest): unknown;
  mapJson(body: unknown): ProviderResponse;
  accumulator(emitText: (delta: string) => void): StreamAccumulator;
}

export function createHttpProvider(spec: HttpProviderSpec): Provider {
  const { config } = spec;

  const read = async (response: Response, emitText: (delta: string) => void): Promise<ProviderResponse> => {
    // A server may ignore `stream: true` and answer with one JSON document: accept both.
    if (!isEventStream(response)) return spec.mapJson(await readJson(response, config.redact));
    const accumulator = spec.accumulator(emitText);
    await readSse(response.body, accumulator.push);
    return accumulator.finish();
  };

  const info: ProviderInfo = { name: spec.system, model: config.model };
  if (config.temperature !== undefined) info.temperature = config.temperature;
  if (config.maxTokens !== undefined) info.maxTokens = config.maxTokens;

  return {
    info,
    complete: async (request, { signal, onTextDelta }) =>
      sendWithRetry({
        provider: spec.provider,
        post: { url: config.url, headers: config.headers, body: spec.body(request), fetch: config.fetch },
        retry: config.retry,
        timeouts: config.timeouts,
        stream: config.stream,
        redact: config.redact,
        signal,
        onTextDelta,
        read,
      }),
  };
}
