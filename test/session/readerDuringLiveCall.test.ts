// A reader while a Run is inside a tool (store.load, loadRunState, the CLI's `sessions list` and
// `sessions show`) changes nothing: the file stays byte for byte what it was, and when the tool
// ends the Run writes the call's one result.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sessionsList, sessionsShow } from '../../src/cli/commands/sessionsCommand.js';
import { createAgent, FileSessionStore } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';
import { gatedTool } from '../helpers/tools.js';
import { useTempDir } from './sessionTestKit.js';

const quietIo = () => {
  let out = '';
  const sink = (keep: boolean) => ({ write: (text: string) => ((out += keep ? text : ''), true) });
  return { io: { stdout: sink(true), stderr: sink(false), env: {} }, out: () => out };
};

describe('a reader during a live tool call', () => {
  const dir = useTempDir();

  it('changes nothing, and the Run writes the one real result', async () => {
    const store = new FileSessionStore({ dir: dir() });
    const tool = gatedTool();
    const provider = createScriptedProvider([{ toolCalls: [call('c1', 'gated', { id: 'x' })] }, { text: 'done' }]);
    const agent = createAgent({ provider, tools: [tool], sessionStore: store });
    const run = agent.run('go', { sessionId: 's' });
    await tool.waitForStarts(1);
    const file = join(dir(), 's.jsonl');
    const before = await readFile(file);

    expect((await store.load('s')).map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(await store.loadRunState('s')).toMatchObject({ openCalls: [{ id: 'c1' }], released: false });
    const list = quietIo();
    const show = quietIo();
    await sessionsList({ sessionsDir: dir() } as never, list.io as never);
    await sessionsShow('s', { sessionsDir: dir() } as never, show.io as never);
    expect(show.out()).toContain('c1');
    expect(await readFile(file)).toEqual(before);

    tool.gate('x').resolve('real result');
    expect((await run).text).toBe('done');
    const stored = await store.load('s');
    expectSessionInvariant(stored);
    expect(stored.filter((m) => m.role === 'tool')).toMatchObject([{ toolCallId: 'c1', content: 'real result', isError: false }]);
  });
});
