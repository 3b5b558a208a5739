// The built-in file inspector: a Run's inspection events as JSON lines, bounded, JSON-safe,
// complete when the Run ends, and never able to break the Run it watches.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { toPromise } from 'xstate';
import { toInspectable } from '../../src/inspection/inspectable.js';
import { createFileInspector, createRunActor, TinyAgentError, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tinyagent-inspect-'));
  dirs.push(dir);
  return join(dir, 'nested', 'run.jsonl');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

type InspectionRecord = Record<string, unknown> & { seq: number; type: string; sessionId: string; rootId: string };
const readRecords = (path: string): InspectionRecord[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as InspectionRecord);

async function inspectedRun(path: string, input = 'Say hi', tools: Tool[] = [echoTool() as Tool]) {
  const inspector = createFileInspector({ path, now: () => 1_700_000_000_000 });
  const provider = createScriptedProvider([{ toolCalls: [call('c1', 'echo', { text: 'hi' })] }, { text: 'done' }]);
  const actor = createRunActor({ provider, tools, input, inspect: inspector.inspect, runId: 'run-1' });
  actor.start();
  const output = await toPromise(actor);
  return { inspector, output, actor };
}

describe('createFileInspector', () => {
  it('writes the Run, its tool calls, events, snapshots and transitions as JSON lines, complete when the Run ends', async () => {
    const path = tempFile();
    const { inspector, output, actor } = await inspectedRun(path);
    expect(output.status).toBe('completed');
    const records = readRecords(path); // before close(): the Run's end flushed everything
    expect(records.map((record) => record.seq)).toEqual(records.map((_, index) => index));

    const root = records[0]!;
    expect(root).toMatchObject({ type: '@xstate.actor', name: 'run', sessionId: actor.sessionId, rootId: actor.sessionId });
    expect(JSON.parse(root.definition as string)).toMatchObject({ id: 'run', initial: 'starting' });

    const toolCall = records.find((record) => record.type === '@xstate.actor' && record.name === 'toolCall')!;
    expect(toolCall).toMatchObject({ parentId: actor.sessionId, id: '0' });
    expect(records.some((record) => record.type === '@xstate.event' && (record.event as { type: string }).type === 'xstate.done.actor.0')).toBe(true);
    expect(records.some((record) => record.type === '@xstate.microstep' && (record.transitions as unknown[]).length > 0)).toBe(true);

    const rootSnapshots = records.filter((record) => record.type === '@xstate.snapshot' && record.sessionId === actor.sessionId);
    const last = rootSnapshots.at(-1)!.snapshot as { status: string; value: string; context: Record<string, unknown>; output: { status: string } };
    expect(last).toMatchObject({ status: 'done', value: 'done', output: { status: 'completed' } });
    expect(last.context).toMatchObject({ runId: 'run-1', iterations: 1, messageCount: 4, cancelRequested: false });
    expect(last.context).not.toHaveProperty('provider');
    expect(last.context).not.toHaveProperty('transcript');
    await inspector.close();
    const all = readRecords(path);
    expect(all).toHaveLength(inspector.records);
    expect(all.slice(0, records.length)).toEqual(records);
  });

  it('keeps records bounded when the Run carries huge text', async () => {
    const path = tempFile();
    const { inspector } = await inspectedRun(path, 'x'.repeat(1_000_000));
    await inspector.close();
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(Math.max(...lines.map((line) => line.length))).toBeLessThan(50_000);
    expect(lines.some((line) => line.includes('more characters'))).toBe(true);
  });

  it('close() writes what is left, is safe to call twice, and later events are ignored', async () => {
    const path = tempFile();
    const { inspector, actor } = await inspectedRun(path);
    await inspector.close();
    await inspector.close();
    const before = readFileSync(path, 'utf8');
    inspector.inspect({ type: '@xstate.event', actorRef: actor, rootId: actor.sessionId, event: { type: 'LATE' }, sourceRef: undefined });
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('stops writing, reports once, and lets the Run finish when a record cannot be built', async () => {
    const path = tempFile();
    const errors: unknown[] = [];
    const inspector = createFileInspector({ path, now: () => {
      throw new Error('no clock');
    }, onError: (error) => errors.push(error) });
    const provider = createScriptedProvider([{ text: 'done' }]);
    const actor = createRunActor({ provider, tools: [], input: 'go', inspect: inspector.inspect });
    actor.start();
    expect((await toPromise(actor)).status).toBe('completed');
    expect(errors).toHaveLength(1);
    await inspector.close();
  });
});

describe('toInspectable', () => {
  it('drops functions, names actors by id, cuts cycles and bounds strings and lists', () => {
    const actorLike = { id: 'tool.1.0', sessionId: 'x:3', send() {}, getSnapshot() {} };
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const shared = { n: 1 };
    const value = toInspectable(
      { fn: () => 1, actor: actorLike, cyclic, twice: [shared, shared], long: 'y'.repeat(10), list: [1, 2, 3, 4], error: new Error('boom'), big: 2n },
      { maxDepth: 8, maxString: 4, maxItems: 3 },
    );
    expect(value).toEqual({
      actor: { actorId: 'tool.1.0', sessionId: 'x:3' },
      cyclic: { name: 'loop', self: '[Circular]' },
      twice: [{ n: 1 }, { n: 1 }],
      long: 'yyyy… (6 more characters)',
      list: [1, 2, 3, '… 1 more'],
      error: { name: 'Error', message: 'boom' },
      big: '2n',
    });
    expect(() => JSON.stringify(value)).not.toThrow();
  });
});

describe('the record file', () => {
  it('is readable by its owner only (0600)', async () => {
    const path = tempFile();
    const inspector = createFileInspector({ path });
    await inspector.close();
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('reports a path it cannot create as a TinyAgentError', () => {
    const blocker = tempFile();
    mkdirSync(dirname(blocker), { recursive: true });
    writeFileSync(blocker, 'a file, not a folder');
    let thrown: unknown;
    try {
      createFileInspector({ path: join(blocker, 'run.jsonl') });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TinyAgentError);
    expect(thrown).toMatchObject({ code: 'inspection_io' });
  });
});
