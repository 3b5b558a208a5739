// Sessions through the built CLI: where they are kept (outside the project, one folder per
// project), choosing one (--resume, --continue, --session-id, --session), and reading them back
// (sessions list with each one's status and the unreadable ones, show, rm).
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from './runCli.js';
import { readSession, useCliProject } from './cliProject.js';

const project = useCliProject('tinyagent-cli-sessions-');
const run = (args: string[], extra: Record<string, string> = {}) => runCliProcess(args, { cwd: project.dir, env: project.env(extra) });

describe('where sessions are kept', () => {
  it('under ~/.tinyagent/projects/<project path, sanitised>/sessions, nothing in the project', async () => {
    await project.serve([{ text: 'ok' }]);
    expect((await run(['run', 'hi', '--session', 'here'])).code).toBe(0);
    expect(existsSync(path.join(project.sessionsDir(), 'here.jsonl'))).toBe(true);
    expect(project.sessionsDir()).toMatch(/\.tinyagent\/projects\/-tmp-tinyagent-cli-sessions-[^/]+\/sessions$/);
    expect(readdirSync(project.dir)).toEqual([]);
  });

  it('under $TINYAGENT_HOME, or $XDG_STATE_HOME/tinyagent, when set', async () => {
    await project.serve([{ text: 'a' }, { text: 'b' }]);
    const own = path.join(project.home, 'own');
    const xdg = path.join(project.home, 'xdg');
    await run(['run', 'hi', '--session', 'one'], { TINYAGENT_HOME: own });
    await run(['run', 'hi', '--session', 'two'], { XDG_STATE_HOME: xdg });
    const folder = path.basename(path.dirname(project.sessionsDir()));
    expect(existsSync(path.join(own, 'projects', folder, 'sessions', 'one.jsonl'))).toBe(true);
    expect(existsSync(path.join(xdg, 'tinyagent', 'projects', folder, 'sessions', 'two.jsonl'))).toBe(true);
  });

  it('keeps the file tools out of a --sessions-dir inside the project: not listed, not read, not written', async () => {
    writeFileSync(path.join(project.dir, 'notes.txt'), 'notes\n');
    await project.serve([
      { text: 'first' },
      {
        calls: [
          { id: 'l', name: 'list_files', args: { pattern: '**/*' } },
          { id: 'r', name: 'read_file', args: { path: '.tinyagent/sessions/old.jsonl' } },
          { id: 's', name: 'search_files', args: { pattern: 'first' } },
          { id: 'w', name: 'write_file', args: { path: '.tinyagent/sessions/old.jsonl', content: 'forged' } },
        ],
      },
      { text: 'done' },
    ]);
    const sessions = path.join(project.dir, '.tinyagent', 'sessions');
    await run(['run', 'first', '--session', 'old', '--sessions-dir', sessions]);
    const result = await run(['run', 'look around', '--tools', 'write', '--yes', '--session', 'probe', '--sessions-dir', sessions]);
    expect(result.code).toBe(0);
    const results = readSession(path.join(sessions, 'probe.jsonl')).filter((m) => m.role === 'tool');
    expect(results[0]!.content).toBe('notes.txt');
    expect(results[1]).toMatchObject({ isError: true, code: 'path_excluded' });
    expect(results[2]!.content).not.toContain('.tinyagent');
    expect(results[3]).toMatchObject({ isError: true, code: 'path_excluded' });
    expect(readSession(path.join(sessions, 'old.jsonl')).map((m) => m.content)).toEqual(['first', 'first']);
  });
});

describe('choosing the session', () => {
  it('--resume continues a session and exits 2 when it does not exist', async () => {
    await project.serve([{ text: 'one' }, { text: 'two' }]);
    await run(['run', 'hi', '--session-id', 'chat']);
    const resumed = await run(['run', 'again', '--resume', 'chat']);
    expect(resumed.code).toBe(0);
    expect(project.messages('chat').map((m) => m.content)).toEqual(['hi', 'one', 'again', 'two']);
    const missing = await run(['run', 'hi', '--resume', 'nope']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no session "nope"');
  });

  it('--continue continues the most recent session of the project, and exits 2 when there is none', async () => {
    expect((await run(['run', 'hi', '--continue'], { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).code).toBe(2);
    await project.serve([{ text: 'a' }, { text: 'b' }, { text: 'c' }]);
    await run(['run', 'first', '--session-id', 'a-older']);
    await run(['run', 'second', '--session-id', 'z-newer']);
    expect((await run(['run', 'third', '-c'])).code).toBe(0);
    expect(project.messages('z-newer').map((m) => m.content)).toEqual(['second', 'b', 'third', 'c']);
  });

  it('--session-id starts a new session with that id and exits 2 when it exists', async () => {
    await project.serve([{ text: 'a' }]);
    expect((await run(['run', 'hi', '--session-id', 'fixed'])).code).toBe(0);
    const again = await run(['run', 'hi', '--session-id', 'fixed']);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('--resume fixed');
  });

  it('exits 2 when two ways of choosing are combined', async () => {
    expect((await run(['run', 'hi', '--resume', 'a', '--session-id', 'b'], { OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' })).code).toBe(2);
  });
});

describe('tinyagent sessions', () => {
  it('shows the audit trail: roles, tool calls with arguments, results with error codes', async () => {
    writeFileSync(path.join(project.dir, 'notes.txt'), 'first line\n');
    await project.serve([{ calls: [{ id: 'c1', name: 'read_file', args: { path: 'notes.txt' } }, { id: 'c2', name: 'read_file', args: { path: '../outside.txt' } }] }, { text: 'Done.' }]);
    await run(['run', 'read both', '--session', 'audit']);
    const shown = await run(['sessions', 'show', 'audit']);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toContain('user\n  read both');
    expect(shown.stdout).toMatch(/→ read_file \{"path":"notes.txt"\} \(c1\)/);
    expect(shown.stdout).toMatch(/tool read_file \(c1\) ok\n {2}.*first line/);
    expect(shown.stdout).toMatch(/tool read_file \(c2\) error \[path_outside_root\]/);
    const jsonl = await run(['sessions', 'show', 'audit', '--output', 'jsonl']);
    expect(jsonl.stdout.trim().split('\n').map((line) => (JSON.parse(line) as { role: string }).role)).toEqual(['user', 'assistant', 'tool', 'tool', 'assistant']);
  });

  it('lists every readable session with its status, and a line saying unreadable for each one it cannot read (exit 0)', async () => {
    await project.serve([
      { text: 'Hello.' },
      { status: 401, body: '{"error":{"message":"bad key"}}' },
      { calls: [{ id: 'l', name: 'list_files', args: { pattern: '*' } }] },
    ]);
    await run(['run', 'greet me', '--session', 'good']);
    expect((await run(['run', 'fails', '--session', 'failed'])).code).toBe(1);
    expect((await run(['run', 'loops', '--session', 'limited', '--max-turns', '1'])).code).toBe(1);
    writeFileSync(path.join(project.sessionsDir(), 'broken.jsonl'), 'not json at all\n');
    const listed = await run(['sessions', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^good {2}\S+ {2}2 messages {2}answered {2}greet me$/m);
    expect(listed.stdout).toMatch(/^failed {2}\S+ {2}1 messages {2}no answer {2}fails$/m);
    expect(listed.stdout).toMatch(/^broken {2}\S+ {2}unreadable {2}.*session_corrupt|^broken {2}\S+ {2}unreadable/m);
    expect(listed.stdout).toMatch(/^limited {2}\S+ {2}3 messages {2}unfinished {2}loops$/m);
    expect(listed.stdout.trim().split('\n')).toHaveLength(4);
  });

  it('says so and exits 1 for an unknown session id; exits 2 for an invalid one', async () => {
    const result = await run(['sessions', 'show', 'nope']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No session "nope"');
    expect((await run(['sessions', 'show', '../x'])).code).toBe(2);
  });

  it('removes a session with sessions rm', async () => {
    await project.serve([{ text: 'ok' }]);
    await run(['run', 'hi', '--session', 'gone']);
    expect((await run(['sessions', 'rm', 'gone'])).code).toBe(0);
    expect(existsSync(path.join(project.sessionsDir(), 'gone.jsonl'))).toBe(false);
    expect((await run(['sessions', 'rm', 'gone'])).code).toBe(1);
  });

  it('reads sessions from --sessions-dir, relative to the current directory', async () => {
    await project.serve([{ text: 'ok' }]);
    mkdirSync(path.join(project.dir, 'sub'));
    await run(['run', 'hi', '--session', 'elsewhere', '--sessions-dir', 'store', '--cwd', 'sub']);
    expect(existsSync(path.join(project.dir, 'store', 'elsewhere.jsonl'))).toBe(true);
    expect((await run(['sessions', 'show', 'elsewhere', '--sessions-dir', 'store'])).code).toBe(0);
  });
});
