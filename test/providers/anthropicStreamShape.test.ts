// An Anthropic stream is one message: a second `message_start` before `message_stop` fails the
// request (nothing of two answers is merged), and a tool_use block's input is built from its
// own `input_json_delta` pieces only, even when a block starts again at the same index.
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../src/index.js';
import { completeCollecting } from './conversation.js';
import { sse, startFakeServer, type FakeServer } from './fakeServer.js';

const event = (data: Record<string, unknown>) => `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
const messageStart = event({ type: 'message_start', message: { usage: { input_tokens: 5, output_tokens: 1 } } });
const toolStart = (id: string, name: string) => event({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id, name, input: {} } });
const json = (partial: string) => event({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: partial } });
const end = [
  event({ type: 'content_block_stop', index: 0 }),
  event({ type: 'message_delta', delta: { stop_reason: 'tool_use' }, usage: { output_tokens: 9 } }),
  event({ type: 'message_stop' }),
].join('');

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const provider = (origin: string) => createAnthropicProvider({ model: 'm', apiKey: 'k', baseURL: origin, stream: true });

describe('Anthropic stream shape', () => {
  it('a spliced stream (a second message_start in the middle of a tool_use) fails with provider_error', async () => {
    const spliced = messageStart + toolStart('toolu_a', 'get_weather') + json('{"city":') + messageStart + toolStart('toolu_b', 'get_time') + json('{"timezone":"UTC"}') + end;
    server = await startFakeServer([sse(spliced)]);

    const failure = await completeCollecting(provider(server.origin)).catch((error: unknown) => error as { code: string; message: string });

    expect(failure).toMatchObject({ code: 'provider_error' });
    expect((failure as { message: string }).message).toContain('a second message_start before message_stop');
  });

  it('a block started again at the same index takes only its own argument pieces', async () => {
    const restarted = messageStart + toolStart('toolu_a', 'get_weather') + json('{"city":') + toolStart('toolu_b', 'get_time') + json('{"timezone":"UTC"}') + end;
    server = await startFakeServer([sse(restarted)]);

    const { response } = await completeCollecting(provider(server.origin));

    expect(response.toolCalls).toEqual([{ id: 'toolu_b', name: 'get_time', arguments: { timezone: 'UTC' } }]);
  });
});
