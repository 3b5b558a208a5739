// Trace ids derive from the Run id: the same Run id gives the same trace (a resumed Run in
// another process continues it), and W3C traceparent values are read and written exactly.
import { describe, expect, it } from 'vitest';
import { anchorSpanIdOfRun, formatTraceparent, parseTraceparent, traceIdOfRun } from '../../src/telemetry/traceIds.js';
import { createAgent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { inMemoryTracing } from './traceHarness.js';

describe('trace ids derived from the Run id', () => {
  it('gives the same trace id and anchor for the same Run id, different ones for another', () => {
    expect(traceIdOfRun('4f1c0d7e-run')).toBe(traceIdOfRun('4f1c0d7e-run'));
    expect(traceIdOfRun('4f1c0d7e-run')).toMatch(/^[0-9a-f]{32}$/);
    expect(anchorSpanIdOfRun('4f1c0d7e-run')).toMatch(/^[0-9a-f]{16}$/);
    expect(traceIdOfRun('4f1c0d7e-run')).not.toBe(traceIdOfRun('4f1c0d7e-run2'));
    // Pinned: a change to the derivation would split the traces of Runs resumed across versions.
    expect(traceIdOfRun('run-1')).toBe('3165063b2fe5657f37528bc7678a0a34');
    expect(anchorSpanIdOfRun('run-1')).toBe('d305e690c993b014');
  });

  it('starts the Run’s root span under the anchor, in the derived trace', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const output = await createAgent({ provider: createScriptedProvider([{ text: 'hi' }]), telemetry: { tracer } }).run('hello');
    const root = exporter.getFinishedSpans().find((span) => span.name === 'invoke_agent tinyagent');
    expect(root!.spanContext().traceId).toBe(traceIdOfRun(output.runId));
    expect(root!.parentSpanContext).toMatchObject({ traceId: traceIdOfRun(output.runId), spanId: anchorSpanIdOfRun(output.runId), isRemote: true });
  });
});

describe('W3C traceparent', () => {
  const valid = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

  it.each([
    [valid, { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 }],
    ['01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00-extra', { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 0 }],
  ])('reads %s', (value, expected) => {
    expect(parseTraceparent(value)).toEqual(expected);
  });

  it.each([
    ['empty', ''],
    ['upper-case hex', '00-0AF7651916CD43DD8448EB211C80319C-B7AD6B7169203331-01'],
    ['version ff', 'ff-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'],
    ['version 00 with more fields', `${valid}-more`],
    ['all-zero trace id', '00-00000000000000000000000000000000-b7ad6b7169203331-01'],
    ['all-zero span id', '00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01'],
    ['short trace id', '00-0af7651916cd43dd8448eb211c8031-b7ad6b7169203331-01'],
  ])('refuses %s', (_label, value) => {
    expect(parseTraceparent(value)).toBeUndefined();
  });

  it('writes what it reads', () => {
    expect(formatTraceparent(parseTraceparent(valid)!)).toBe(valid);
    expect(formatTraceparent({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 0 })).toBe(
      '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00',
    );
  });
});
