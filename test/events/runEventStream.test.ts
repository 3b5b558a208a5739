// docs/design.md, "Events": what a Run publishes, in what order, with which fields.
import { firstValueFrom, map, toArray } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createAgent, runEvents, createRunActor, type RunEvent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { deferred } from '../helpers/deferred.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

const twoRounds = () =>
  createScriptedProvider([{ text: 'checking', toolCalls: [call('a', 'echo', { text: 'hi' })], usage: { inputTokens: 3, outputTokens: 2, totalTokens: 5 } }, { text: 'bye' }]);

describe('run events', () => {
  it('publishes the lifecycle in order with runId, seq and time', async () => {
    const run = startRun({ provider: twoRounds(), tools: [echoTool()], input: 'go' });
    await run.output;
    expect(run.types()).toEqual([
      'run.started',
      'provider.requested',
      'provider.responded',
      'tool.started',
      'tool.completed',
      'provider.requested',
      'provider.responded',
      'run.completed',
    ]);
    expect(run.events.map((e) => e.seq)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(run.events.map((e) => e.runId))).toEqual(new Set(['run-1']));
    const times = run.events.map((e) => e.time);
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('stamps time in whole epoch milliseconds, even from a sub-millisecond clock', async () => {
    let clock = 1_764_565_323_000.25;
    const actor = createRunActor({ provider: twoRounds(), tools: [echoTool()], input: 'go', now: () => (clock += 0.5) });
    const events = firstValueFrom(runEvents(actor).pipe(toArray()));
    actor.start();
    for (const event of await events) {
      expect(Number.isInteger(event.time)).toBe(true);
      expect(event.time).toBeGreaterThanOrEqual(1_764_565_323_000);
    }
  });

  it('tool events carry the call, its arguments as sent, the cut result and a duration', async () => {
    const run = startRun({ provider: twoRounds(), tools: [echoTool()], input: 'go' });
    const output = await run.output;
    const started = run.events.find((e) => e.type === 'tool.started');
    const completed = run.events.find((e) => e.type === 'tool.completed');
    expect(started).toMatchObject({ callId: 'a', toolName: 'echo', iteration: 1, arguments: '{"text":"hi"}' });
    expect(completed).toMatchObject({ callId: 'a', toolName: 'echo', iteration: 1, result: { content: 'hi' } });
    expect(completed?.type === 'tool.completed' && completed.durationMs).toBeGreaterThanOrEqual(0);
    const terminal = run.events.at(-1);
    expect(terminal?.type === 'run.completed' && terminal.output).toEqual(output);
    expect(output.usage).toEqual({ inputTokens: 3, outputTokens: 2, totalTokens: 5 });
  });

  it('a failed run ends with run.failed carrying the error code', async () => {
    const run = startRun({ provider: createScriptedProvider([]), tools: [], input: 'go' });
    await run.output;
    const last = run.events.at(-1);
    expect(last?.type).toBe('run.failed');
    expect(last?.type === 'run.failed' && last.error.code).toBe('provider_error');
  });

  it('emits text.delta for streamed text without changing the final response', async () => {
    const provider = createScriptedProvider([
      (_request, { onTextDelta }) => {
        onTextDelta?.('Hel');
        onTextDelta?.('lo');
        return { text: 'Hello' };
      },
    ]);
    const run = startRun({ provider, tools: [], input: 'go' });
    const output = await run.output;
    expect(run.events.filter((e) => e.type === 'text.delta').map((e) => (e.type === 'text.delta' ? e.delta : ''))).toEqual(['Hel', 'lo']);
    expect(output.text).toBe('Hello');
  });

  it('a subscriber that throws does not crash the Run or the process', async () => {
    const reported: unknown[] = [];
    const actor = createRunActor({ provider: twoRounds(), tools: [echoTool()], input: 'go' });
    const seen: string[] = [];
    runEvents(actor, (error) => reported.push(error)).subscribe(() => {
      throw new Error('bad subscriber');
    });
    runEvents(actor).subscribe((event) => seen.push(event.type));
    actor.start();
    const output = await new Promise((resolve) => actor.subscribe({ complete: () => resolve(actor.getSnapshot().output) }));
    expect(output).toMatchObject({ status: 'completed' });
    expect(reported).toHaveLength(8);
    expect(seen.at(-1)).toBe('run.completed');
  });

  it('keeps the guard through piped operators', async () => {
    const onSubscriberError = vi.fn();
    const agent = createAgent({ provider: twoRounds(), tools: [echoTool()], onSubscriberError });
    await new Promise<void>((resolve) => {
      agent
        .stream('go')
        .pipe(map((event: RunEvent) => event.type))
        .subscribe({
          next: () => {
            throw new Error('bad');
          },
          complete: resolve,
        });
    });
    expect(onSubscriberError).toHaveBeenCalledTimes(8);
  });

  it('agent.stream is cold: each subscription runs its own Run and completes after the terminal event', async () => {
    const provider = createScriptedProvider(() => ({ text: 'ok' }));
    const agent = createAgent({ provider });
    const stream = agent.stream('go');
    expect(provider.calls).toBe(0);
    const first = await firstValueFrom(stream.pipe(toArray()));
    const second = await firstValueFrom(stream.pipe(toArray()));
    expect(provider.calls).toBe(2);
    expect(first.map((e) => e.type)).toEqual(['run.started', 'provider.requested', 'provider.responded', 'run.completed']);
    expect(first[0]!.runId).not.toBe(second[0]!.runId);
  });

  it('unsubscribing from agent.stream mid-run cancels that Run', async () => {
    const requested = deferred<AbortSignal>();
    const provider = createScriptedProvider([(_r, options) => (requested.resolve(options.signal), new Promise(() => {}))]);
    const agent = createAgent({ provider });
    const subscription = agent.stream('go').subscribe(() => {});
    const signal = await requested.promise;
    subscription.unsubscribe();
    expect(signal.aborted).toBe(true);
  });
});
