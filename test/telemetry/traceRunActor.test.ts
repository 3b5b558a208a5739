// traceRun traces a Run built with createRunActor; a Run restored from its persisted snapshot
// (here in the same process, with a fresh actor) continues the same trace.
import { describe, expect, it } from 'vitest';
import { createRunActor, runToPromise, traceIdOfRun, traceRun, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';
import { inMemoryTracing, summarize } from './traceHarness.js';

const guarded: Tool = { name: 'guarded', description: 'Needs a yes', parameters: { type: 'object' }, needsApproval: true, execute: async () => 'ran' };

describe('traceRun', () => {
  it('traces a Run actor, and the Run restored from its snapshot continues the same trace', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const provider = Object.assign(createScriptedProvider([{ toolCalls: [call('c1', 'guarded')] }, { text: 'done' }]), { info: { name: 'openai', model: 'm' } });
    const first = createRunActor({ provider, tools: [guarded], input: 'go', runId: 'durable-run-1' });
    traceRun(first, { tracer, provider, agentName: 'durable' });
    const waiting = new Promise<void>((resolve) => first.on('tool.approval_requested', () => resolve()));
    first.start();
    await waiting;
    const snapshot = JSON.parse(JSON.stringify(first.getPersistedSnapshot())) as unknown;
    first.stop();

    const resumed = createRunActor({ provider, tools: [guarded], input: 'go', snapshot: snapshot as never });
    traceRun(resumed, { tracer, provider, agentName: 'durable' });
    resumed.start();
    // The call still waits for its approval after the restore.
    resumed.send({ type: 'APPROVE', callId: 'c1' });
    const output = await runToPromise(resumed);
    expect(output.status).toBe('completed');

    const spans = exporter.getFinishedSpans();
    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(new Set([traceIdOfRun('durable-run-1')]));
    const roots = summarize(spans).filter((span) => span.name === 'invoke_agent durable');
    // The stopped actor's span ends as cut off; the resumed Run's span completes the Run.
    expect(roots.map((root) => [root.parent, root.attributes['error.type'], root.attributes['tinyagent.run.status']])).toEqual([
      ['(anchor)', 'cancelled', undefined],
      ['(anchor)', undefined, 'completed'],
    ]);
    // The call that waited for approval at the snapshot: its first span is cut off with the first
    // actor; the restored Run still waits, and the APPROVE it gets runs the call, which its second span records.
    // Both spans start when the call did (the second one's start is its end less the call's whole duration), so their order is not asserted.
    const calls = summarize(spans).filter((span) => span.name === 'execute_tool guarded');
    expect(calls.map((span) => [span.attributes['error.type'], span.events?.map((event) => event.name)])).toHaveLength(2);
    expect(calls.map((span) => [span.attributes['error.type'], span.events?.map((event) => event.name)])).toEqual(
      expect.arrayContaining([
        ['cancelled', ['tinyagent.approval.requested']],
        [undefined, undefined],
      ]),
    );
  });
});
