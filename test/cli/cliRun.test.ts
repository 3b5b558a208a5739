// The built CLI as a real process against a scripted OpenAI-compatible server on 127.0.0.1.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanEnv, runCliProcess } from './runCli.js';
import { startScriptedServer, type ScriptedServer, type Turn } from './scriptedOpenAIServer.js';

let dir: string;
let server: ScriptedServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tinyagent-cli-'));
  writeFileSync(path.join(dir, 'notes.txt'), 'first line\nsecond line\n');
});

afterEach(async () => {
  await server?.close();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

async function cli(turns: Turn[], args: string[]) {
  server = await startScriptedServer(turns);
  return runCliProcess(args, { cwd: dir, env: cleanEnv({ OPENAI_BASE_URL: server.baseURL, HOME: dir }) });
}

const readNotes: Turn = { text: 'Reading.', calls: [{ id: 'call_1', name: 'read_file', args: { path: 'notes.txt' } }] };

function sessionLines(id: string): { role: string; content: string; code?: string; toolCalls?: unknown[] }[] {
  return readFileSync(path.join(dir, '.tinyagent', 'sessions', `${id}.jsonl`), 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { message?: { role: string; content: string } }).message)
    .filter((message) => message !== undefined);
}

describe('tinyagent run', () => {
  it('streams text, shows each tool call and its outcome, and ends with a summary (exit 0)', async () => {
    const result = await cli([readNotes, { text: 'The file has two lines.' }], ['run', 'What is in notes.txt?']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Reading.');
    expect(result.stdout).toMatch(/→ read_file \{"path":"notes.txt"\}/);
    expect(result.stdout).toMatch(/✓ read_file \(\d+ ms\)/);
    expect(result.stdout).toContain('The file has two lines.');
    expect(result.stdout).toMatch(/completed · 1 iteration · 30 tokens \(20 in, 10 out\)/);
    const id = /session (\S+)/.exec(result.stdout)![1]!;
    const messages = sessionLines(id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[2]!.content).toContain('first line');
  });

  it('prints every RunEvent as one JSON line on stdout and the session id on stderr with --output jsonl', async () => {
    const result = await cli([readNotes, { text: 'Done.' }], ['run', 'Read it', '--output', 'jsonl', '--session', 'j1']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('session j1\n');
    const events = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; seq: number });
    expect(events.map((event) => event.seq)).toEqual(events.map((_, index) => index));
    expect(events[0]!.type).toBe('run.started');
    expect(events.at(-1)!.type).toBe('run.completed');
    expect(events.map((event) => event.type)).toContain('tool.completed');
  });

  it('continues a session with --session: the second Run sends the first one as history', async () => {
    server = await startScriptedServer([{ text: 'Hello!' }, { text: 'You said hi.' }]);
    const env = cleanEnv({ OPENAI_BASE_URL: server.baseURL });
    expect((await runCliProcess(['run', 'hi', '--session', 'chat'], { cwd: dir, env })).code).toBe(0);
    const second = await runCliProcess(['run', 'What did I say?', '--session', 'chat'], { cwd: dir, env });
    expect(second.code).toBe(0);
    const sent = server.requests[1].messages.map((m: { role: string; content: string }) => [m.role, m.content]);
    expect(sent).toEqual([
      ['user', 'hi'],
      ['assistant', 'Hello!'],
      ['user', 'What did I say?'],
    ]);
    expect(sessionLines('chat')).toHaveLength(4);
  });

  it('offers no tools with --tools none', async () => {
    const result = await cli([{ text: 'No tools here.' }], ['run', 'hi', '--tools', 'none']);
    expect(result.code).toBe(0);
    expect(server!.requests[0].tools ?? []).toEqual([]);
  });

  it('attaches the skill tool from .agents/skills under --cwd by default', async () => {
    mkdirSync(path.join(dir, '.agents', 'skills', 'release-notes'), { recursive: true });
    writeFileSync(path.join(dir, '.agents', 'skills', 'release-notes', 'SKILL.md'), '---\nname: release-notes\ndescription: Write release notes\n---\nList the changes.\n');
    const result = await cli([{ calls: [{ id: 'k1', name: 'skill', args: { name: 'release-notes' } }] }, { text: 'Done.' }], ['run', 'notes', '--tools', 'none', '--session', 'sk']);
    expect(result.code).toBe(0);
    const offered = server!.requests[0].tools.map((tool: { function: { name: string; description: string } }) => tool.function);
    expect(offered.map((tool: { name: string }) => tool.name)).toEqual(['skill']);
    expect(offered[0].description).toContain('release-notes: Write release notes');
    expect(sessionLines('sk').find((m) => m.role === 'tool')!.content).toContain('List the changes.');
  });

  it('denies the writing tools without a terminal and without --yes, telling the model why', async () => {
    const write: Turn = { calls: [{ id: 'w1', name: 'write_file', args: { path: 'out.txt', content: 'x' } }] };
    const result = await cli([write, { text: 'Could not write.' }], ['run', 'write it', '--tools', 'write', '--session', 'deny']);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(dir, 'out.txt'))).toBe(false);
    expect(result.stdout).toMatch(/✗ write_file \[denied\]/);
    const tool = sessionLines('deny').find((m) => m.role === 'tool')!;
    expect(tool.code).toBe('denied');
    expect(tool.content).toContain('--yes');
  });

  it('runs the writing tools with --yes', async () => {
    const write: Turn = { calls: [{ id: 'w1', name: 'write_file', args: { path: 'out.txt', content: 'written' } }] };
    const result = await cli([write, { text: 'Wrote it.' }], ['run', 'write it', '--tools', 'write', '--yes']);
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(dir, 'out.txt'), 'utf8')).toBe('written');
  });
});

describe('tinyagent exit codes', () => {
  it('exits 2 with the variables to set when no provider is configured', async () => {
    const result = await runCliProcess(['run', 'hi'], { cwd: dir, env: cleanEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('OPENAI_API_KEY');
    expect(result.stderr).toContain('ANTHROPIC_API_KEY');
    expect(result.stdout).toBe('');
  });

  it('exits 2 on a bad flag', async () => {
    const result = await runCliProcess(['run', 'hi', '--no-such-flag'], { cwd: dir, env: cleanEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown option '--no-such-flag'/);
  });

  it('exits 2 on a bad --tools kind and a bad --max-iterations', async () => {
    const env = cleanEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    expect((await runCliProcess(['run', 'hi', '--tools', 'everything'], { cwd: dir, env })).code).toBe(2);
    expect((await runCliProcess(['run', 'hi', '--max-iterations', 'many'], { cwd: dir, env })).code).toBe(2);
  });

  it('exits 1 when the provider fails, with the error code', async () => {
    const result = await cli([{ status: 400, body: '{"error":{"message":"bad request"}}' }], ['run', 'hi']);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/failed \[provider_error\]/);
  });

  it('exits 3 when the Run reaches --max-iterations', async () => {
    const result = await cli([readNotes], ['run', 'hi', '--max-iterations', '0']);
    expect(result.code).toBe(3);
    expect(result.stdout).toMatch(/limit reached \[tool_iteration_limit\]/);
  });
});

describe('tinyagent sessions', () => {
  it('shows the audit trail: roles, tool calls with arguments, results with error codes', async () => {
    const calls: Turn = { calls: [{ id: 'c1', name: 'read_file', args: { path: 'notes.txt' } }, { id: 'c2', name: 'read_file', args: { path: '../outside.txt' } }] };
    await cli([calls, { text: 'Done.' }], ['run', 'read both', '--session', 'audit']);
    const shown = await runCliProcess(['sessions', 'show', 'audit'], { cwd: dir, env: cleanEnv() });
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('user\n  read both');
    expect(shown.stdout).toMatch(/→ read_file \{"path":"notes.txt"\} \(c1\)/);
    expect(shown.stdout).toMatch(/tool read_file \(c1\) ok\n {2}.*first line/);
    expect(shown.stdout).toMatch(/tool read_file \(c2\) error \[path_outside_root\]/);
    const jsonl = await runCliProcess(['sessions', 'show', 'audit', '--output', 'jsonl'], { cwd: dir, env: cleanEnv() });
    const messages = jsonl.stdout.trim().split('\n').map((line) => JSON.parse(line) as { role: string });
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant']);
    const listed = await runCliProcess(['sessions', 'list'], { cwd: dir, env: cleanEnv() });
    expect(listed.stdout).toMatch(/^audit {2}\S+ {2}5 messages {2}read both$/m);
  });

  it('says so and exits 1 for an unknown session id', async () => {
    const result = await runCliProcess(['sessions', 'show', 'nope'], { cwd: dir, env: cleanEnv() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No session "nope"');
  });

  it('reads sessions from --sessions-dir, relative to the current directory', async () => {
    server = await startScriptedServer([{ text: 'ok' }]);
    await runCliProcess(['run', 'hi', '--session', 'elsewhere', '--sessions-dir', 'store'], { cwd: dir, env: cleanEnv({ OPENAI_BASE_URL: server.baseURL }) });
    expect(existsSync(path.join(dir, 'store', 'elsewhere.jsonl'))).toBe(true);
    const shown = await runCliProcess(['sessions', 'show', 'elsewhere', '--sessions-dir', 'store'], { cwd: dir, env: cleanEnv() });
    expect(shown.code).toBe(0);
  });
});
