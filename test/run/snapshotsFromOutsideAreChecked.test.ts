// A snapshot from outside is checked before anything runs (docs/design.md, "Snapshots"):
// `createRunActor({ snapshot })` refuses one that is not this machine's (wrong types, a state it
// does not have, a ToolCall's or another machine's snapshot, another format version) with a
// ConfigurationError (`invalid_option`) naming the field or value; no provider is asked, no tool runs.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, type Snapshot } from 'xstate';
import { ConfigurationError, createRunActor } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { runToPromise } from '../../src/run/runEvents.js';
import { call } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';

type Persisted = Record<string, unknown> & { context: Record<string, unknown>; children: Record<string, { snapshot: unknown }> };

/** A Run persisted mid-batch, through JSON, and the tool it was running. */
async function persistedMidBatch() {
  const tool = gatedTool();
  const provider = createScriptedProvider([{ toolCalls: [call('a', 'gated', { id: 'a' })] }, { text: 'done' }]);
  const actor = createRunActor({ provider, tools: [tool], input: 'go' });
  actor.start();
  await tool.waitForStarts(1);
  const saved = JSON.parse(JSON.stringify(actor.getPersistedSnapshot())) as Persisted;
  actor.stop();
  return { saved, tool };
}

function restoreWith(snapshot: unknown) {
  const tool = gatedTool();
  let asked = 0;
  const provider = createScriptedProvider(() => (asked++, { text: 'never' }));
  const attempt = () => createRunActor({ provider, tools: [tool], input: '', snapshot: snapshot as Snapshot<unknown> });
  return { attempt, ran: () => ({ asked, started: tool.started.length }) };
}

function refusal(snapshot: unknown): ConfigurationError {
  const { attempt, ran } = restoreWith(snapshot);
  let error: unknown;
  try {
    attempt();
  } catch (thrown) {
    error = thrown;
  }
  expect(error).toBeInstanceOf(ConfigurationError);
  expect((error as ConfigurationError).code).toBe('invalid_option');
  expect(ran()).toEqual({ asked: 0, started: 0 });
  return error as ConfigurationError;
}

describe('createRunActor({ snapshot }) refuses a snapshot that is not one of this machine\'s', () => {
  it.each([
    ['a count of the wrong type', (s: Persisted) => (s.context.iterations = 'two'), 'snapshot.context.iterations'],
    ['messages that are not messages', (s: Persisted) => (s.context.messages = [{ text: 'hi' }]), 'snapshot.context.messages[0]'],
    ['a batch whose results do not match its calls', (s: Persisted) => ((s.context.batch as Record<string, unknown>).results = []), 'snapshot.context.batch.results'],
    ['limits it does not know', (s: Persisted) => (s.context.limits = { maxIterations: -1 }), 'snapshot.context.limits'],
    ['a state the machine does not have', (s: Persisted) => (s.value = { executingBatch: 'running' }), 'snapshot.value'],
    ['another format version', (s: Persisted) => (s.context.formatVersion = 1), 'snapshot.context.formatVersion'],
    ['a format version missing (a snapshot from before formats)', (s: Persisted) => delete s.context.formatVersion, 'snapshot.context.formatVersion'],
    ['a child the Run does not have', (s: Persisted) => (s.children.helper = { snapshot: {} }), 'snapshot.children.helper'],
  ])('%s', async (_, change, field) => {
    const { saved } = await persistedMidBatch();
    change(saved);
    expect(refusal(saved).message).toContain(field);
  });

  it("a ToolCall's snapshot", async () => {
    const { saved } = await persistedMidBatch();
    const toolCall = saved.children['0']!.snapshot;
    expect(refusal(toolCall).message).toContain('snapshot.context.formatVersion');
  });

  it("another machine's snapshot", () => {
    const other = createActor(createMachine({ id: 'other', context: { runId: 'r', formatVersion: 2 }, initial: 'idle', states: { idle: {} } }));
    other.start();
    const persisted = JSON.parse(JSON.stringify(other.getPersistedSnapshot())) as unknown;
    expect(refusal(persisted).message).toMatch(/snapshot\.context\.\w+/);
  });

  it('and still restores its own, unchanged', async () => {
    const { saved } = await persistedMidBatch();
    const { attempt } = restoreWith(saved);
    const actor = attempt();
    actor.start();
    const output = await runToPromise(actor);
    expect(output.status).toBe('completed');
    expect(output.messages.find((m) => m.role === 'tool')).toMatchObject({ code: 'interrupted' });
  });
});
