// The Run mutates its Transcript, Batch and EventStamper in place; the model explores branches
// from one state, so each branch works on clones that must share nothing mutable.
import { describe, expect, it } from 'vitest';
import { Batch } from '../../machines/run/batch.js';
import { EventStamper } from '../../machines/run/eventStamper.js';
import { Transcript } from '../../machines/run/transcript.js';
import { ToolRegistry } from '../../src/index.js';
import { echoTool } from '../helpers/tools.js';

describe('clone() of the Run context helpers', () => {
  it('a cloned Transcript appends and persists on its own', () => {
    const original = new Transcript([{ role: 'system', content: 's' }], { role: 'user', content: 'u' });
    const copy = original.clone();
    copy.append({ role: 'assistant', content: 'a' });
    copy.markPersisted(1);
    expect(original.runMessages()).toEqual([{ role: 'user', content: 'u' }]);
    expect(original.unpersisted()).toHaveLength(1);
    expect(copy.runMessages()).toHaveLength(2);
    expect(copy.unpersisted()).toEqual([{ role: 'assistant', content: 'a' }]);
  });

  it('a cloned Batch starts and records calls on its own', () => {
    const calls = [1, 2].map((n) => ({ id: `c${n}`, name: 'echo', arguments: '{}' }));
    const original = new Batch(1, calls, new ToolRegistry([echoTool()]).snapshot());
    original.startNext(1);
    const copy = original.clone();
    copy.record(0, { content: 'x' });
    copy.startNext(1);
    expect(original.running()).toEqual([0]);
    expect(copy.running()).toEqual([1]);
    copy.record(1, { content: 'y' });
    expect(copy.settled).toBe(true);
    expect(original.settled).toBe(false);
  });

  it('a cloned EventStamper continues the sequence on its own', () => {
    const original = new EventStamper('run', () => 0);
    original.stamp({ type: 'run.started', input: '' });
    const copy = original.clone();
    expect(copy.stamp({ type: 'run.started', input: '' }).seq).toBe(1);
    expect(copy.stamp({ type: 'run.started', input: '' }).seq).toBe(2);
    expect(original.stamp({ type: 'run.started', input: '' }).seq).toBe(1);
  });
});
