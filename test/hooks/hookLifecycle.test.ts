// The hooks around a call's result and around provider requests, and how hooks fail: a late
// beforeToolCall denies (fake timers), a cancel while it is asked ends the call without running
// it, afterToolCall replaces or extends the result (cut to the output limit) or makes it
// hook_failed, provider hooks add messages to one request only or fail the Run with hook_failed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfigurationError, createAgent, createRunActor, RunError, runToPromise, type AgentHooks, type ProviderRequest, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { flush } from '../helpers/deferred.js';
import { call, startRun } from '../helpers/runHarness.js';

let runs = 0;
const echo: Tool = {
  name: 'echo',
  description: 'Echoes',
  parameters: { type: 'object', properties: { text: { type: 'string' } } },
  execute: async ({ text }) => {
    runs++;
    return String(text);
  },
};
const oneCall = () => createScriptedProvider([{ toolCalls: [call('c1', 'echo', { text: 'hello' })] }, { text: 'done' }]);

function run(hooks: AgentHooks, extra: { hookTimeoutMs?: number; maxOutputChars?: number } = {}) {
  runs = 0;
  return startRun({ provider: oneCall(), tools: [echo], input: 'go', hooks, hookTimeoutMs: extra.hookTimeoutMs, limits: extra.maxOutputChars ? { maxOutputChars: extra.maxOutputChars } : undefined });
}

const toolMessage = async (harness: ReturnType<typeof run>) => (await harness.output).messages.find((message) => message.role === 'tool')!;

describe('a late or cancelled beforeToolCall', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('denies the call when it does not answer within hookTimeoutMs, and aborts its signal', async () => {
    let signal: AbortSignal | undefined;
    const harness = run({ beforeToolCall: (_, ctx) => ((signal = ctx.signal), new Promise(() => {})) }, { hookTimeoutMs: 2_000 });
    await flush();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(harness.types()).not.toContain('tool.failed');
    await vi.advanceTimersByTimeAsync(1);
    const result = await toolMessage(harness);
    expect(result).toMatchObject({ isError: true, code: 'denied' });
    expect(result.content).toContain('did not answer within 2000 ms');
    expect(runs).toBe(0);
    expect(signal?.aborted).toBe(true);
    expect(harness.events.find((event) => event.type === 'tool.hook_decided')).toMatchObject({ hook: 'beforeToolCall', decision: 'deny' });
  });

  it('an answer that comes after the timeout changes nothing', async () => {
    let answer: (value: unknown) => void = () => {};
    const harness = run({ beforeToolCall: () => new Promise((resolve) => (answer = resolve)) as never }, { hookTimeoutMs: 10 });
    await flush();
    await vi.advanceTimersByTimeAsync(10);
    answer({ decision: 'allow' });
    expect((await toolMessage(harness)).code).toBe('denied');
    expect(runs).toBe(0);
  });

  it('a CANCEL while it is asked ends the call cancelled, without running it', async () => {
    const harness = run({ beforeToolCall: () => new Promise(() => {}) });
    await flush();
    harness.actor.send({ type: 'CANCEL' });
    const output = await harness.output;
    expect(output.status).toBe('cancelled');
    expect(output.messages.find((message) => message.role === 'tool')).toMatchObject({ code: 'cancelled' });
    expect(runs).toBe(0);
  });
});

describe('a Run restored while a hook was asked', () => {
  it('asks the hook again (the call had not started), and the tool runs once when it allows', async () => {
    const hooks: AgentHooks = { beforeToolCall: () => new Promise(() => {}) };
    const harness = run(hooks);
    await flush();
    const saved = JSON.parse(JSON.stringify(harness.actor.getPersistedSnapshot())) as Parameters<typeof createRunActor>[0]['snapshot'];
    harness.actor.stop();
    expect(runs).toBe(0);
    const asked: string[] = [];
    const answering: AgentHooks = { beforeToolCall: (call) => (asked.push(call.id), { decision: 'allow' }) };
    // The restored Run asks the provider again only after the batch: it answers at once.
    const restored = createRunActor({ provider: createScriptedProvider([{ text: 'done' }]), tools: [echo], input: '', hooks: answering, snapshot: saved });
    restored.start();
    const output = await runToPromise(restored);
    expect(asked).toHaveLength(1);
    expect(output.messages.find((message) => message.role === 'tool')).toMatchObject({ isError: false });
    expect(runs).toBe(1);
  });
});

describe('afterToolCall', () => {
  it('replaces the result; the replacement is cut to the output limit', async () => {
    const seen: unknown[] = [];
    const harness = run({ afterToolCall: (_, result) => (seen.push(result), { result: 'x'.repeat(5_000) }) }, { maxOutputChars: 200 });
    const result = await toolMessage(harness);
    expect(seen).toEqual([{ content: 'hello' }]);
    expect(result.content.length).toBeLessThanOrEqual(200);
    expect(harness.events.find((event) => event.type === 'tool.completed')).toMatchObject({ result: { truncated: true } });
  });

  it('appends additionalContext for the model', async () => {
    const result = await toolMessage(run({ afterToolCall: () => ({ additionalContext: 'Remember to run the tests.' }) }));
    expect(result.content).toBe('hello\n\nRemember to run the tests.');
  });

  it('cannot put a runtime code on a replacement', async () => {
    const result = await toolMessage(run({ afterToolCall: () => ({ result: { content: 'no', isError: true, code: 'denied' } }) }));
    expect(result).toMatchObject({ isError: true, code: 'tool_error' });
  });

  it.each([
    [
      'throws',
      () => {
        throw new Error('reviewer down');
      },
    ],
    ['rejects', () => Promise.reject(new Error('reviewer down'))],
    ['answers something that is not a result', () => ({ result: 42 }) as never],
  ])('that %s turns the result into hook_failed; the tool did run', async (_, afterToolCall) => {
    const harness = run({ afterToolCall });
    const result = await toolMessage(harness);
    expect(result).toMatchObject({ isError: true, code: 'hook_failed' });
    expect(result.content).not.toContain('hello');
    expect(runs).toBe(1);
    expect(harness.events.find((event) => event.type === 'tool.hook_decided')).toMatchObject({ hook: 'afterToolCall', decision: 'failed' });
  });
});

describe('provider hooks', () => {
  it('beforeProviderRequest adds messages to that request only; they are never persisted', async () => {
    const requests: ProviderRequest[] = [];
    const provider = createScriptedProvider((request) => {
      requests.push(structuredClone(request));
      return { text: 'ok' };
    });
    const seen: ProviderRequest[] = [];
    const agent = createAgent({
      provider,
      hooks: {
        beforeProviderRequest: (request, ctx) => {
          seen.push(request);
          expect(ctx.iterations).toBe(0);
          return { messages: [{ role: 'user', content: 'Reminder: be brief.' }] };
        },
      },
    });
    const output = await agent.run('hi', { sessionId: 'reminded' });
    expect(requests[0]!.messages.map((message) => message.content)).toEqual(['hi', 'Reminder: be brief.']);
    expect(seen[0]!.messages.map((message) => message.content)).toEqual(['hi']);
    expect(output.messages.map((message) => message.content)).toEqual(['hi', 'ok']);
    const second = await agent.run('again', { sessionId: 'reminded' });
    expect(second.status).toBe('completed');
    expect(requests[1]!.messages.map((message) => message.content)).toEqual(['hi', 'ok', 'again', 'Reminder: be brief.']);
  });

  it('afterProviderResponse observes each response', async () => {
    const texts: string[] = [];
    await createAgent({ provider: createScriptedProvider([{ text: 'seen' }]), hooks: { afterProviderResponse: (response) => void texts.push(response.text ?? '') } }).run('hi');
    expect(texts).toEqual(['seen']);
  });

  it.each<[string, AgentHooks]>([
    [
      'beforeProviderRequest',
      {
        beforeProviderRequest: () => {
          throw new Error('no reminders today');
        },
      },
    ],
    ['afterProviderResponse', { afterProviderResponse: () => Promise.reject(new Error('no reminders today')) }],
    ['beforeProviderRequest', { beforeProviderRequest: () => ({ messages: 'be brief' }) as never }],
  ])('a failing %s fails the Run with hook_failed', async (hook, hooks) => {
    const error = await createAgent({ provider: createScriptedProvider([{ toolCalls: [call('c1', 'echo')] }, { text: 'never' }]), tools: [echo], hooks })
      .run('hi')
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(RunError);
    expect((error as RunError).code).toBe('hook_failed');
    expect((error as RunError).message).toContain(hook);
    expect((error as RunError).output.status).toBe('failed');
  });
});

describe('the options are checked where they are given', () => {
  const provider = createScriptedProvider([]);
  it.each([
    [{ hooks: { beforeTool: () => undefined } }, 'hooks has no hook "beforeTool"'],
    [{ hooks: { afterToolCall: 'yes' } }, 'hooks.afterToolCall must be a function'],
    [{ hookTimeoutMs: 0 }, 'hookTimeoutMs must be a positive number'],
    [{ permissions: { allowed: ['shell'] } }, 'permissions has no list "allowed"'],
    [{ permissions: { deny: ['shell('] } }, 'shell('],
  ])('%j', (options, message) => {
    expect(() => createAgent({ provider, ...(options as object) })).toThrow(ConfigurationError);
    expect(() => createAgent({ provider, ...(options as object) })).toThrow(message);
  });
});
