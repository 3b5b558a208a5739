// Cancellation (docs/design.md, "Invariants"), in every phase: before the first request, during a provider
// request, during serial and concurrent batches, and with tools that ignore their signal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderCallOptions, ToolMessage } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { deferred, flush } from '../helpers/deferred.js';
import { expectEventInvariant, expectSessionInvariant } from '../helpers/invariants.js';
import { call, startRun } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

const toolResults = (messages: readonly { role: string }[]) =>
  (messages.filter((m) => m.role === 'tool') as ToolMessage[]).map((m) => [m.toolCallId, m.code ?? m.content]);

afterEach(() => {
  vi.useRealTimers();
});

describe('cancellation', () => {
  it('with a signal already aborted, never calls the provider and ends cancelled', async () => {
    const provider = createScriptedProvider([{ text: 'never' }]);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const run = startRun({ provider, tools: [], input: 'go', signal: controller.signal });
    const output = await run.output;
    expect(provider.calls).toBe(0);
    expect(output.status).toBe('cancelled');
    expect(output.error?.code).toBe('cancelled');
    expect(output.messages).toEqual([{ role: 'user', content: 'go' }]);
    expect(run.types()).toEqual(['run.started', 'run.cancelled']);
  });

  it('during a provider request, aborts the request signal and appends nothing half-built', async () => {
    let seen: ProviderCallOptions | undefined;
    const provider = createScriptedProvider([(_req, options) => ((seen = options), new Promise(() => {}))]);
    const controller = new AbortController();
    const run = startRun({ provider, tools: [], input: 'go', signal: controller.signal });
    await flush();
    expect(seen?.signal.aborted).toBe(false);
    controller.abort('user left');
    const output = await run.output;
    expect(seen?.signal.aborted).toBe(true);
    expect(output.status).toBe('cancelled');
    expect(output.error?.message).toContain('user left');
    expect(output.messages).toHaveLength(1);
    expect(run.types()).toEqual(['run.started', 'provider.requested', 'run.cancelled']);
  });

  it('during a serial batch: the running call is aborted, later calls never start', async () => {
    const tool = gatedTool();
    const provider = createScriptedProvider([{ toolCalls: ['a', 'b', 'c'].map((id) => call(id, 'gated', { id })) }]);
    const run = startRun({ provider, tools: [tool], input: 'go' });
    await tool.waitForStarts(1);
    tool.gate('a').resolve('A');
    await tool.waitForStarts(2);
    run.actor.send({ type: 'CANCEL' });
    const output = await run.output;
    expect(tool.started).toEqual(['a', 'b']);
    expect(tool.contexts.get('b')!.signal.aborted).toBe(true);
    expect(output.status).toBe('cancelled');
    expect(toolResults(output.messages)).toEqual([
      ['a', 'A'],
      ['b', 'cancelled'],
      ['c', 'cancelled'],
    ]);
    const [, b, c] = output.messages.slice(2) as ToolMessage[];
    expect(b!.content).toContain('stopped after the abort');
    expect(c!.content).toContain('before this call started');
    expectSessionInvariant(output.messages);
    expectEventInvariant(run.events, output.messages);
  });

  it('during a concurrent batch: finished calls keep their results, running ones are cancelled', async () => {
    const tool = gatedTool({ parallelSafe: true });
    const provider = createScriptedProvider([{ toolCalls: ['a', 'b', 'c'].map((id) => call(id, 'gated', { id })) }]);
    const run = startRun({ provider, tools: [tool], input: 'go', limits: { maxConcurrency: 2 } });
    await tool.waitForStarts(2);
    tool.gate('b').resolve('B');
    await tool.waitForStarts(3);
    run.actor.send({ type: 'CANCEL' });
    const output = await run.output;
    expect(toolResults(output.messages)).toEqual([
      ['a', 'cancelled'],
      ['b', 'B'],
      ['c', 'cancelled'],
    ]);
    expect(run.events.filter((e) => e.type === 'tool.completed')).toHaveLength(1);
    expect(run.types().at(-1)).toBe('run.cancelled');
    expectEventInvariant(run.events, output.messages);
  });

  it('waits at most cancelGraceMs for a tool that ignores its signal, then says its outcome is unknown', async () => {
    vi.useFakeTimers();
    const tool = gatedTool({ honourSignal: false });
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' })] }]);
    const run = startRun({ provider, tools: [tool], input: 'go', limits: { cancelGraceMs: 500 } });
    await tool.waitForStarts(1);
    run.actor.send({ type: 'CANCEL' });
    let settled = false;
    void run.output.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(499);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const output = await run.output;
    expect(output.status).toBe('cancelled');
    const [result] = output.messages.slice(2) as ToolMessage[];
    expect(result).toMatchObject({ code: 'cancelled', isError: true });
    expect(result!.content).toContain('outcome is unknown');
    // whatever it returns later is discarded
    tool.gate('a').resolve('late success');
    await flush();
    expect(run.events.filter((e) => e.type === 'tool.completed')).toHaveLength(0);
    expect(output.messages.some((m) => m.content === 'late success')).toBe(false);
  });

  it('does not report success for a tool that finishes after the abort within the grace period', async () => {
    const tool = gatedTool({ honourSignal: false });
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' })] }]);
    const run = startRun({ provider, tools: [tool], input: 'go' });
    await tool.waitForStarts(1);
    run.actor.send({ type: 'CANCEL' });
    tool.gate('a').resolve('done anyway');
    const output = await run.output;
    expect(toolResults(output.messages)).toEqual([['a', 'cancelled']]);
  });

  it('while the assistant message is being persisted: no call starts', async () => {
    const write = deferred();
    const appended: unknown[][] = [];
    const store = {
      load: async () => [],
      append: async (_id: string, messages: readonly unknown[]) => {
        appended.push([...messages]);
        if (appended.length === 2) await write.promise;
      },
    };
    const tool = gatedTool();
    const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' })] }]);
    const run = startRun({ provider, tools: [tool], input: 'go', history: [], session: { store, sessionId: 's1' } });
    await flush();
    expect(appended).toHaveLength(2);
    run.actor.send({ type: 'CANCEL' });
    write.resolve();
    const output = await run.output;
    expect(tool.started).toEqual([]);
    expect(toolResults(output.messages)).toEqual([['a', 'cancelled']]);
    // the user input was persisted before the provider was asked, the assistant message next, the results after
    expect(appended.map((batch) => batch.length)).toEqual([1, 1, 1]);
  });

  it('while the final answer is being persisted: the write completes, the Run ends cancelled', async () => {
    const write = deferred();
    let writes = 0;
    // The input is written first; the answer's write waits.
    const store = { load: async () => [], append: async () => (++writes === 1 ? undefined : write.promise) };
    const provider = createScriptedProvider([{ text: 'all done' }]);
    const run = startRun({ provider, tools: [], input: 'go', history: [], session: { store, sessionId: 's1' } });
    await flush();
    run.actor.send({ type: 'CANCEL' });
    write.resolve();
    const output = await run.output;
    expect(output.status).toBe('cancelled');
    expect(output.text).toBeUndefined();
    expect(output.messages.at(-1)).toEqual({ role: 'assistant', content: 'all done' });
    expect(run.types().at(-1)).toBe('run.cancelled');
  });

  it('ignores CANCEL after the Run has ended', async () => {
    const run = startRun({ provider: createScriptedProvider([{ text: 'ok' }]), tools: [], input: 'go' });
    const output = await run.output;
    // XState warns about an event sent to a stopped actor: expected here, so checked and kept out of the test output.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    run.actor.send({ type: 'CANCEL' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Event "CANCEL" was sent to stopped actor'));
    warn.mockRestore();
    expect(output.status).toBe('completed');
    expect(run.types().at(-1)).toBe('run.completed');
  });
});
