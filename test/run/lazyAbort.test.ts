// The abort handles that create their AbortController only when a signal is read
// (src/run/lazyAbort.ts): whenever the signal is read, it says what happened.
import { createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { fromAbortablePromise } from '../../machines/actors/abortablePromise.js';
import { LazyAbort } from '../../machines/actors/lazyAbort.js';
import type { Provider, ProviderCallOptions } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { flush } from '../helpers/deferred.js';
import { call, startRun } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

describe('LazyAbort', () => {
  it('gives the same signal on every read', () => {
    const abort = new LazyAbort();
    expect(abort.signal).toBe(abort.signal);
    expect(abort.signal.aborted).toBe(false);
  });

  it('aborts a signal read before the abort, with the reason', () => {
    const abort = new LazyAbort();
    const { signal } = abort;
    abort.abort('stop');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('stop');
  });

  it('hands a reader that comes after the abort an aborted signal, with the reason', () => {
    const abort = new LazyAbort();
    abort.abort('stop');
    abort.abort('ignored: only the first abort counts');
    expect(abort.aborted).toBe(true);
    expect(abort.signal.aborted).toBe(true);
    expect(abort.signal.reason).toBe('stop');
  });

  it('without a reason, aborts with an AbortError like AbortController does', () => {
    const abort = new LazyAbort();
    abort.abort();
    expect((abort.signal.reason as DOMException).name).toBe('AbortError');
  });
});

describe('fromAbortablePromise', () => {
  it('resolves like a promise actor', async () => {
    const actor = createActor(fromAbortablePromise(async ({ input }: { input: number }) => input * 2), { input: 21 }).start();
    expect(await toPromise(actor)).toBe(42);
  });

  it('rejects like a promise actor', async () => {
    const actor = createActor(fromAbortablePromise(async () => Promise.reject(new Error('no'))), { input: undefined }).start();
    await expect(toPromise(actor)).rejects.toThrow('no');
  });

  it('fails like a rejection when the creator throws instead of returning a promise', async () => {
    const actor = createActor(
      fromAbortablePromise((): Promise<never> => {
        throw new Error('sync');
      }),
      { input: undefined },
    ).start();
    await expect(toPromise(actor)).rejects.toThrow('sync');
  });

  it('aborts the signal when the actor stops, read before or after', async () => {
    let handle: LazyAbort | undefined;
    const actor = createActor(fromAbortablePromise(({ abort }) => ((handle = abort), new Promise(() => {}))), { input: undefined }).start();
    actor.stop();
    expect(handle!.signal.aborted).toBe(true);
  });
});

describe('signals handed to providers and tools', () => {
  it('a provider that reads its signal only after the cancel sees it aborted', async () => {
    let options: ProviderCallOptions | undefined;
    const provider: Provider = {
      complete: (_request, callOptions) => {
        options = callOptions;
        return new Promise(() => {});
      },
    };
    const run = startRun({ provider, tools: [], input: 'go' });
    await flush();
    run.actor.send({ type: 'CANCEL', reason: 'user left' });
    await run.output;
    expect(options!.signal.aborted).toBe(true);
    expect({ ...options }.signal).toBe(options!.signal);
  });

  it('a tool that reads its signal only after the cancel sees it aborted', async () => {
    const tool = gatedTool({ honourSignal: false });
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' })] }]);
    const run = startRun({ provider, tools: [tool], input: 'go' });
    await tool.waitForStarts(1);
    run.actor.send({ type: 'CANCEL', reason: 'user left' });
    tool.gate('a').resolve('late');
    await run.output;
    const ctx = tool.contexts.get('a')!;
    expect(ctx.signal.aborted).toBe(true);
    expect(ctx.signal.reason).toBe('user left');
    expect({ ...ctx }.signal).toBe(ctx.signal);
  });
});

describe('a provider whose complete() throws synchronously', () => {
  it('fails the Run with provider_error, like a rejected request', async () => {
    const provider: Provider = {
      complete: () => {
        throw new Error('no network');
      },
    };
    const run = startRun({ provider, tools: [], input: 'go' });
    const output = await run.output;
    expect(output.status).toBe('failed');
    expect(output.error?.code).toBe('provider_error');
    expect(output.error?.message).toContain('no network');
  });
});
