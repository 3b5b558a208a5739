// The tools and providers every scenario shares. Providers are stateless (they read the
// step from the conversation length), so one provider serves any number of Runs at once,
// and their responses are built once, so the measurement is the runtime, not the fake.
import type { Provider, ProviderRequest, ProviderResponse, Tool, ToolCallRequest } from '../src/index.js';

export const ECHO_SCHEMA = {
  type: 'object',
  properties: { text: { type: 'string' } },
  required: ['text'],
  additionalProperties: false,
} as const;

/** A no-op tool: returns its `text` argument. */
export const echoTool: Tool<{ text: string }> = {
  name: 'echo',
  description: 'Echo the text back',
  parameters: { ...ECHO_SCHEMA },
  execute: async ({ text }) => text,
};

/** A read-only, concurrency-safe tool that waits `ms` milliseconds. */
export function sleepTool(ms: number): Tool<{ text: string }> {
  return {
    name: 'sleep',
    description: `Waits ${ms} ms`,
    parameters: { ...ECHO_SCHEMA },
    readOnly: true,
    concurrencySafe: true,
    execute: ({ text }) => new Promise((resolve) => setTimeout(resolve, ms, text)),
  };
}

/** A read-only, concurrency-safe tool that returns its `text` at once: batches of it measure the runtime alone. */
export const instantTool: Tool<{ text: string }> = {
  name: 'instant',
  description: 'Returns the text at once',
  parameters: { ...ECHO_SCHEMA },
  readOnly: true,
  concurrencySafe: true,
  execute: async ({ text }) => text,
};

const call = (id: string, name: string, args: string): ToolCallRequest => ({ id, name, arguments: args });
const ANSWER: ProviderResponse = { text: 'done' };

/**
 * Asks for one call of `tool` per response, `steps` times, then answers. A step is an
 * assistant message and its one tool message, so the step is (messages - 1) / 2.
 */
export function sequentialProvider(steps: number, args = '{"text":"hi"}', tool = 'echo'): Provider {
  const responses = Array.from({ length: steps }, (_, i): ProviderResponse => ({ text: '', toolCalls: [call(`c${i}`, tool, args)] }));
  return {
    complete: async (request: ProviderRequest) => responses[(request.messages.length - 1) >> 1] ?? ANSWER,
  };
}

/** One response with `count` calls of `tool`, then an answer. */
export function batchProvider(count: number, tool: string): Provider {
  const batch: ProviderResponse = {
    text: '',
    toolCalls: Array.from({ length: count }, (_, i) => call(`c${i}`, tool, `{"text":"${i}"}`)),
  };
  return { complete: async (request: ProviderRequest) => (request.messages.length === 1 ? batch : ANSWER) };
}

/**
 * A provider that never answers and holds each request open, as a real one holds its
 * socket: what a waiting Run keeps alive is reachable from here, not collectable garbage.
 */
export function holdingProvider(): Provider & { readonly open: number } {
  const open = new Set<unknown>();
  return {
    get open() {
      return open.size;
    },
    complete: (_request, { signal }) =>
      new Promise((_resolve, reject) => {
        const request = { reject };
        open.add(request);
        signal.addEventListener('abort', () => (open.delete(request), reject(signal.reason)), { once: true });
      }),
  };
}

/** Malformed JSON: a missing closing brace. */
export const MALFORMED_ARGS = '{"text":"hi"';
