// Both adapters against responses recorded from real APIs by other projects (vendored under
// test/fixtures/recorded with their licences), replayed by the local fake server on
// 127.0.0.1: each must give what recordedStreams.json says, streamed or not, and a refusal
// must reach a Run as its answer, in its events too.
import { readFileSync } from 'node:fs';
import { lastValueFrom, toArray } from 'rxjs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createAgent, createAnthropicProvider, createOpenAIProvider, type Provider, type RunEvent } from '../../src/index.js';
import { completeCollecting } from './conversation.js';
import { fixture, json, sse, startFakeServer, type FakeServer, type Handler } from './fakeServer.js';

interface Recording {
  file: string;
  provider: 'openai' | 'anthropic';
  text?: string;
  textStart?: string;
  textLength?: number;
  toolCalls?: { name: string; arguments: unknown }[];
  finishReason?: string;
  error?: string;
  errorMessage?: string;
}

const { recordings } = JSON.parse(readFileSync(new URL('./recordedStreams.json', import.meta.url), 'utf8')) as { recordings: Recording[] };

/** The recording as the server sends it: `.chunks.txt` (one event's JSON a line) becomes an event stream. */
function replay(recording: Recording): { handler: Handler; streamed: boolean } {
  const text = fixture(`recorded/${recording.file}`);
  if (recording.file.endsWith('.json')) return { handler: json(200, text), streamed: false };
  if (recording.file.endsWith('.sse')) return { handler: sse(text), streamed: true };
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const events =
    recording.provider === 'anthropic'
      ? lines.map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
      : lines.map((line) => `data: ${line}\n\n`);
  return { handler: sse(events.join('')), streamed: true };
}

function providerFor(recording: Recording, origin: string, stream: boolean): Provider {
  return recording.provider === 'openai'
    ? createOpenAIProvider({ model: 'recorded', apiKey: 'k', baseURL: `${origin}/v1`, stream })
    : createAnthropicProvider({ model: 'recorded', apiKey: 'k', baseURL: origin, stream });
}

// Arguments as the model meant them: OpenAI sends a JSON string, Anthropic an object.
const parsed = (args: unknown) => (typeof args === 'string' ? (JSON.parse(args) as unknown) : args);

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const passed = new Set<string>();
afterAll(() => {
  console.log(`recorded provider streams: ${passed.size} of ${recordings.length} passed`);
});

describe('recorded real responses, replayed on 127.0.0.1', () => {
  it.each(recordings.map((recording) => [recording.file, recording] as const))('%s', async (_file, recording) => {
    const { handler, streamed } = replay(recording);
    server = await startFakeServer([handler]);
    const provider = providerFor(recording, server.origin, streamed);

    if (recording.error !== undefined) {
      const failure = await completeCollecting(provider).then(
        () => undefined,
        (error: unknown) => error as { code?: string; message?: string },
      );
      expect(failure?.code).toBe(recording.error);
      expect(failure?.message).toContain(recording.errorMessage);
      passed.add(recording.file);
      return;
    }

    const { response, deltas } = await completeCollecting(provider);
    const text = response.text ?? '';
    if (recording.text !== undefined) expect(text).toBe(recording.text);
    if (recording.textStart !== undefined) expect(text.startsWith(recording.textStart)).toBe(true);
    if (recording.textLength !== undefined) expect(text).toHaveLength(recording.textLength);
    expect((response.toolCalls ?? []).map((call) => ({ name: call.name, arguments: parsed(call.arguments) }))).toEqual(recording.toolCalls);
    expect(response.finishReason).toBe(recording.finishReason);
    // Every piece of the answer reached the caller as it streamed, the refusal's included.
    if (streamed) expect(deltas.join('')).toBe(text);
    passed.add(recording.file);
  });
});

describe('a refusal is the Run’s answer', () => {
  it.each([
    ['openai', 'openai-node/chat-completion-stream-refusal-logprobs.sse'],
    ['anthropic', 'vercel-ai/anthropic-refusal.chunks.txt'],
  ] as const)('%s: the Run completes with the refusal as its text; the events carry it', async (_provider, file) => {
    const recording = recordings.find((candidate) => candidate.file === file)!;
    server = await startFakeServer([replay(recording).handler]);
    const agent = createAgent({ provider: providerFor(recording, server.origin, true) });

    const events = await lastValueFrom(agent.stream('Something it declines').pipe(toArray()));

    const completed = events.find((event) => event.type === 'run.completed');
    expect(completed?.type === 'run.completed' && completed.output.text).toBe(recording.text);
    const responded = events.find((event): event is Extract<RunEvent, { type: 'provider.responded' }> => event.type === 'provider.responded');
    expect(responded).toMatchObject({ text: recording.text, finishReason: 'refusal', toolCallCount: 0 });
    const deltas = events.flatMap((event) => (event.type === 'text.delta' ? [event.delta] : []));
    expect(deltas.join('')).toBe(recording.text);
  });
});
