// A whole Run through an agent (scripted provider): the model lists, reads, edits a file and
// runs a command with the built-in tools; the session records every call and its result.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAgent, createFileTools, createShellTool, MemorySessionStore, type AssistantMessage, type ToolMessage } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { useSandbox, writeFiles } from './builtinsTestKit.js';

const call = (id: string, name: string, args: Record<string, unknown>) => ({ toolCalls: [{ id, name, arguments: JSON.stringify(args) }] });

describe('built-in tools in an agent Run', () => {
  const sandbox = useSandbox();

  it('list, read, edit and run a command, each call and result in the session', async () => {
    const root = sandbox().root;
    await writeFiles(root, { 'src/greeting.txt': 'hello world\n', 'src/other.md': '# other\n' });
    const store = new MemorySessionStore();
    const provider = createScriptedProvider([
      call('c1', 'list_files', { pattern: 'src/**/*.txt' }),
      call('c2', 'read_file', { path: 'src/greeting.txt' }),
      call('c3', 'edit_file', { path: 'src/greeting.txt', old_string: 'world', new_string: 'tinyagent' }),
      call('c4', 'shell', { command: 'cat src/greeting.txt && exit 2' }),
      call('c5', 'read_file', { path: '../outside/secret.txt' }),
      { text: 'Greeting updated.' },
    ]);
    const agent = createAgent({ provider, sessionStore: store });
    agent.tools.register(...createFileTools({ root, write: true }));
    agent.tools.register(createShellTool({ cwd: root, timeoutMs: 10_000 }));

    const output = await agent.run('Update the greeting', { sessionId: 'builtins' });

    expect(output).toMatchObject({ status: 'completed', text: 'Greeting updated.', iterations: 5 });
    expect(await readFile(join(root, 'src/greeting.txt'), 'utf8')).toBe('hello tinyagent\n');
    const session = await store.load('builtins');
    const calls = session.filter((m): m is AssistantMessage => m.role === 'assistant').flatMap((m) => m.toolCalls ?? []);
    const results = session.filter((m): m is ToolMessage => m.role === 'tool');
    expect(calls.map((c) => [c.id, c.name])).toEqual([
      ['c1', 'list_files'],
      ['c2', 'read_file'],
      ['c3', 'edit_file'],
      ['c4', 'shell'],
      ['c5', 'read_file'],
    ]);
    expect(results.map((r) => [r.toolCallId, r.isError, r.code, r.content])).toEqual([
      ['c1', false, undefined, 'src/greeting.txt'],
      ['c2', false, undefined, '    1\thello world'],
      ['c3', false, undefined, 'Edited src/greeting.txt: replaced 1 occurrence.'],
      ['c4', true, 'command_failed', 'hello tinyagent\nexit code 2'],
      ['c5', true, 'path_outside_root', expect.stringContaining('outside the root directory')],
    ]);
    expect(session.map((m) => m.role)).toEqual(['user', ...Array.from({ length: 5 }, () => ['assistant', 'tool']).flat(), 'assistant']);
  });
});
