// Concurrency (docs/design.md, "The Run"): serial unless every call is readOnly && concurrencySafe; then at
// most maxConcurrency at once; results in call order. Proved with gates, not timing.
import { describe, expect, it } from 'vitest';
import type { ToolMessage } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { flush } from '../helpers/deferred.js';
import { expectEventInvariant, expectSessionInvariant } from '../helpers/invariants.js';
import { call, startRun } from '../helpers/runHarness.js';
import { echoTool, gatedTool } from '../helpers/tools.js';

const batchOf = (name: string, ids: string[]) =>
  createScriptedProvider([{ toolCalls: ids.map((id) => call(id, name, { id, text: id })) }, { text: 'done' }]);

describe('concurrency gating', () => {
  it('runs a batch of unsafe tools one at a time, in order', async () => {
    const tool = gatedTool({ parallelSafe: false });
    const run = startRun({ provider: batchOf('gated', ['a', 'b', 'c']), tools: [tool], input: 'go' });
    await tool.waitForStarts(1);
    await flush();
    expect(tool.started).toEqual(['a']);
    tool.gate('a').resolve('A');
    await tool.waitForStarts(2);
    await flush();
    expect(tool.started).toEqual(['a', 'b']);
    tool.gate('b').resolve('B');
    await tool.waitForStarts(3);
    tool.gate('c').resolve('C');
    const output = await run.output;
    expect(output.status).toBe('completed');
    expectEventInvariant(run.events, output.messages);
  });

  it('runs a fully safe batch concurrently, at most maxConcurrency at a time', async () => {
    const tool = gatedTool({ parallelSafe: true });
    const ids = ['a', 'b', 'c', 'd', 'e'];
    const run = startRun({ provider: batchOf('gated', ids), tools: [tool], input: 'go', limits: { maxConcurrency: 2 } });
    await tool.waitForStarts(2);
    await flush();
    expect(tool.started).toEqual(['a', 'b']);
    tool.gate('b').resolve('B'); // finishing out of order frees a slot
    await tool.waitForStarts(3);
    await flush();
    expect(tool.started).toEqual(['a', 'b', 'c']);
    for (const id of ['c', 'a']) tool.gate(id).resolve(id.toUpperCase());
    await tool.waitForStarts(5);
    await flush();
    expect(tool.started).toHaveLength(5);
    for (const id of ['e', 'd']) tool.gate(id).resolve(id.toUpperCase());
    const output = await run.output;
    const results = output.messages.filter((m): m is ToolMessage => m.role === 'tool');
    expect(results.map((m) => [m.toolCallId, m.content])).toEqual(ids.map((id) => [id, id.toUpperCase()]));
    expectSessionInvariant(output.messages);
    expectEventInvariant(run.events, output.messages);
    // completion events follow finish order; the transcript keeps call order
    const completed = run.events.flatMap((e) => (e.type === 'tool.completed' ? [e.callId] : []));
    expect(completed).toEqual(['b', 'c', 'a', 'e', 'd']);
  });

  it('starts the whole safe batch at once when it fits under maxConcurrency', async () => {
    const tool = gatedTool({ parallelSafe: true });
    const run = startRun({ provider: batchOf('gated', ['a', 'b', 'c']), tools: [tool], input: 'go', limits: { maxConcurrency: 10 } });
    await tool.waitForStarts(3);
    expect(tool.started).toEqual(['a', 'b', 'c']);
    for (const id of ['c', 'b', 'a']) tool.gate(id).resolve(id);
    expect((await run.output).status).toBe('completed');
  });

  it('runs a mixed batch serially when one call is not concurrency-safe', async () => {
    const safe = gatedTool({ name: 'safe', parallelSafe: true });
    const unsafe = echoTool({ name: 'unsafe', readOnly: true, concurrencySafe: false });
    const provider = createScriptedProvider([
      { toolCalls: [call('a', 'safe', { id: 'a' }), call('b', 'safe', { id: 'b' }), call('c', 'unsafe', { text: 'x' })] },
      { text: 'done' },
    ]);
    const run = startRun({ provider, tools: [safe, unsafe], input: 'go' });
    await safe.waitForStarts(1);
    await flush();
    expect(safe.started).toEqual(['a']);
    safe.gate('a').resolve('A');
    await safe.waitForStarts(2);
    safe.gate('b').resolve('B');
    expect((await run.output).status).toBe('completed');
  });

  it('treats a batch naming an unknown tool as unsafe (serial)', async () => {
    const safe = gatedTool({ name: 'safe', parallelSafe: true });
    const provider = createScriptedProvider([
      { toolCalls: [call('a', 'safe', { id: 'a' }), call('b', 'nope'), call('c', 'safe', { id: 'c' })] },
      { text: 'done' },
    ]);
    const run = startRun({ provider, tools: [safe], input: 'go' });
    await safe.waitForStarts(1);
    await flush();
    expect(safe.started).toEqual(['a']);
    safe.gate('a').resolve('A');
    await safe.waitForStarts(2);
    safe.gate('c').resolve('C');
    const output = await run.output;
    expect(output.messages.filter((m): m is ToolMessage => m.role === 'tool').map((m) => m.code ?? 'ok')).toEqual(['ok', 'unknown_tool', 'ok']);
  });

  it('a failing call never cancels its siblings', async () => {
    const safe = gatedTool({ name: 'safe', parallelSafe: true });
    const provider = createScriptedProvider([
      { toolCalls: [call('a', 'safe', { id: 'a' }), call('b', 'safe', { id: 'b' })] },
      { text: 'done' },
    ]);
    const run = startRun({ provider, tools: [safe], input: 'go' });
    await safe.waitForStarts(2);
    safe.gate('a').reject(new Error('boom'));
    await flush();
    expect(safe.contexts.get('b')!.signal.aborted).toBe(false);
    safe.gate('b').resolve('B');
    const output = await run.output;
    expect(output.messages.filter((m): m is ToolMessage => m.role === 'tool').map((m) => m.code ?? m.content)).toEqual(['tool_error', 'B']);
  });
});
