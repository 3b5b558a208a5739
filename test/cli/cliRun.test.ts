// The built CLI as a real process against a scripted OpenAI-compatible server on 127.0.0.1:
// in text mode stdout carries exactly the answer, stderr the progress and the summary.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCliProcess } from './runCli.js';
import { useCliProject } from './cliProject.js';
import type { Turn } from './scriptedOpenAIServer.js';

const project = useCliProject('tinyagent-cli-');
beforeEach(() => writeFileSync(path.join(project.dir, 'notes.txt'), 'first line\nsecond line\n'));

async function cli(turns: Turn[], args: string[], stdin?: string) {
  await project.serve(turns);
  return runCliProcess(args, { cwd: project.dir, env: project.env(), stdin });
}

const readNotes: Turn = { text: 'Reading.', calls: [{ id: 'call_1', name: 'read_file', args: { path: 'notes.txt' } }] };

describe('tinyagent run, text output', () => {
  it('prints exactly the answer on stdout; tool lines, the summary and the session id on stderr (exit 0)', async () => {
    const result = await cli([readNotes, { text: 'The file has two lines.' }], ['run', 'What is in notes.txt?']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('The file has two lines.\n');
    expect(result.stderr).toContain('Reading.');
    expect(result.stderr).toMatch(/→ read_file \{"path":"notes.txt"\}/);
    expect(result.stderr).toMatch(/✓ read_file \(\d+ ms\)/);
    expect(result.stderr).toMatch(/completed · 2 turns · 1 tool call · 30 tokens \(20 in, 10 out\) · \d+ ms/);
    const id = /^session (\S+)$/m.exec(result.stderr)![1]!;
    const messages = project.messages(id);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    expect(messages[2]!.content).toContain('first line');
  });

  it('says "1 turn · 0 tool calls" for a plain answer', async () => {
    const result = await cli([{ text: 'Hello.' }], ['run', 'hi', '--tools', 'none']);
    expect(result.stdout).toBe('Hello.\n');
    expect(result.stderr).toMatch(/completed · 1 turn · 0 tool calls/);
  });

  it('continues a session with --session: the second Run sends the first one as history', async () => {
    await project.serve([{ text: 'Hello!' }, { text: 'You said hi.' }]);
    expect((await runCliProcess(['run', 'hi', '--session', 'chat', '--system-prompt', ''], { cwd: project.dir, env: project.env() })).code).toBe(0);
    const second = await runCliProcess(['run', 'What did I say?', '--session', 'chat', '--system-prompt', ''], { cwd: project.dir, env: project.env() });
    expect(second.code).toBe(0);
    const sent = project.server!.requests[1].messages.map((m: { role: string; content: string }) => [m.role, m.content]);
    expect(sent).toEqual([
      ['user', 'hi'],
      ['assistant', 'Hello!'],
      ['user', 'What did I say?'],
    ]);
    expect(project.messages('chat')).toHaveLength(4);
  });

  it('offers no tools with --tools none', async () => {
    const result = await cli([{ text: 'No tools here.' }], ['run', 'hi', '--tools', 'none']);
    expect(result.code).toBe(0);
    expect(project.server!.requests[0].tools ?? []).toEqual([]);
  });

  it('takes --tools and --skills as one comma-separated value, so the prompt after them stays the prompt', async () => {
    mkdirSync(path.join(project.dir, 'skills', 'notes'), { recursive: true });
    writeFileSync(path.join(project.dir, 'skills', 'notes', 'SKILL.md'), '---\nname: notes\ndescription: Take notes\n---\nWrite them down.\n');
    const result = await cli([{ text: 'Fixed.' }], ['run', '--tools', 'read,shell', '--skills', 'skills', 'fix the bug']);
    expect(result.code).toBe(0);
    expect(project.server!.requests[0].messages.at(-1)).toEqual({ role: 'user', content: 'fix the bug' });
    const offered = project.server!.requests[0].tools.map((tool: { function: { name: string } }) => tool.function.name);
    expect(offered).toEqual(['read_file', 'list_files', 'search_files', 'shell', 'skill']);
  });

  it('attaches the skill tool from .agents/skills under --cwd by default', async () => {
    mkdirSync(path.join(project.dir, '.agents', 'skills', 'release-notes'), { recursive: true });
    writeFileSync(path.join(project.dir, '.agents', 'skills', 'release-notes', 'SKILL.md'), '---\nname: release-notes\ndescription: Write release notes\n---\nList the changes.\n');
    const result = await cli([{ calls: [{ id: 'k1', name: 'skill', args: { name: 'release-notes' } }] }, { text: 'Done.' }], ['run', 'notes', '--tools', 'none', '--session', 'sk']);
    expect(result.code).toBe(0);
    const offered = project.server!.requests[0].tools.map((tool: { function: { name: string; description: string } }) => tool.function);
    expect(offered.map((tool: { name: string }) => tool.name)).toEqual(['skill']);
    expect(offered[0].description).toContain('release-notes: Write release notes');
    expect(project.messages('sk').find((m) => m.role === 'tool')!.content).toContain('List the changes.');
  });

  it('sends --model as the model name', async () => {
    await cli([{ text: 'ok' }], ['run', 'hi', '--model', 'my-local-model']);
    expect(project.server!.requests[0].model).toBe('my-local-model');
  });

  it('works in --cwd: the file tools read there', async () => {
    mkdirSync(path.join(project.dir, 'sub'));
    writeFileSync(path.join(project.dir, 'sub', 'inner.txt'), 'inside sub\n');
    const result = await cli([{ calls: [{ id: 'r', name: 'read_file', args: { path: 'inner.txt' } }] }, { text: 'ok' }], ['run', 'read', '--cwd', 'sub', '--session', 'cw']);
    expect(result.code).toBe(0);
    const sessions = path.join(project.home, '.tinyagent', 'projects', `${path.join(project.sessionsDir(), '..').split(path.sep).at(-1)}-sub`, 'sessions');
    expect(readFileSync(path.join(sessions, 'cw.jsonl'), 'utf8')).toContain('inside sub');
  });
});

describe('tinyagent run, prompt from stdin', () => {
  it('reads the prompt from stdin with "-"', async () => {
    const result = await cli([{ text: 'ok' }], ['run', '-'], 'the prompt from a pipe\n');
    expect(result.code).toBe(0);
    expect(project.server!.requests[0].messages.at(-1)).toEqual({ role: 'user', content: 'the prompt from a pipe' });
  });

  it('reads the prompt from piped stdin when none is given', async () => {
    const result = await cli([{ text: 'ok' }], ['run', '--tools', 'none'], 'piped prompt');
    expect(result.code).toBe(0);
    expect(project.server!.requests[0].messages.at(-1).content).toBe('piped prompt');
  });

  it('sends the prompt argument and then piped stdin as context', async () => {
    const result = await cli([{ text: 'ok' }], ['run', 'Review this diff'], '+added line\n-removed line\n');
    expect(result.code).toBe(0);
    expect(project.server!.requests[0].messages.at(-1).content).toBe('Review this diff\n\n+added line\n-removed line');
  });

  it('exits 2 when there is no prompt at all', async () => {
    const result = await runCliProcess(['run'], { cwd: project.dir, env: project.env({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/prompt/);
  });
});

describe('tinyagent run, instructions', () => {
  const systemOf = () => project.server!.requests[0].messages[0] as { role: string; content: string };

  it('sends a default system prompt naming the CLI, the tools and the working directory', async () => {
    await cli([{ text: 'ok' }], ['run', 'hi']);
    expect(systemOf().role).toBe('system');
    expect(systemOf().content).toContain('tinyagent');
    expect(systemOf().content).toContain('read_file, list_files, search_files');
    expect(systemOf().content).toContain(project.dir);
  });

  it('adds the AGENTS.md files from the repository root down to the working directory, unless --no-agents-md', async () => {
    mkdirSync(path.join(project.dir, '.git'));
    mkdirSync(path.join(project.dir, 'pkg'));
    writeFileSync(path.join(project.dir, 'AGENTS.md'), 'Root rule: use tabs.\n');
    writeFileSync(path.join(project.dir, 'pkg', 'AGENTS.md'), 'Package rule: no semicolons.\n');
    await project.serve([{ text: 'ok' }, { text: 'ok' }]);
    await runCliProcess(['run', 'hi', '--cwd', 'pkg'], { cwd: project.dir, env: project.env() });
    const system = project.server!.requests[0].messages[0].content as string;
    expect(system.indexOf('Root rule: use tabs.')).toBeGreaterThan(-1);
    expect(system.indexOf('Package rule: no semicolons.')).toBeGreaterThan(system.indexOf('Root rule: use tabs.'));
    await runCliProcess(['run', 'hi', '--cwd', 'pkg', '--no-agents-md'], { cwd: project.dir, env: project.env() });
    expect(project.server!.requests[1].messages[0].content).not.toContain('rule');
  });

  it('skips an AGENTS.md that is a FIFO instead of waiting for a writer, and cuts a huge one', async () => {
    execFileSync('mkfifo', [path.join(project.dir, 'AGENTS.md')]);
    const result = await cli([{ text: 'ok' }], ['run', 'hi']);
    expect(result.code).toBe(0);
    expect(systemOf().content).not.toContain('AGENTS.md');
    rmSync(path.join(project.dir, 'AGENTS.md'));
    writeFileSync(path.join(project.dir, 'AGENTS.md'), 'x'.repeat(200_000));
    await cli([{ text: 'ok' }], ['run', 'hi']);
    expect(systemOf().content.match(/x+/g)!.at(-1)!.length).toBe(64 * 1024);
  });

  it('replaces the system prompt with --system-prompt and adds to it with --append-system-prompt', async () => {
    await cli([{ text: 'ok' }], ['run', 'hi', '--system-prompt', 'You are terse.', '--append-system-prompt', 'Answer in French.', '--no-agents-md']);
    expect(systemOf()).toEqual({ role: 'system', content: 'You are terse.\n\nAnswer in French.' });
  });
});

describe('tinyagent run, approvals without a terminal', () => {
  it('denies the writing tools without a terminal and without --yes, telling the model why', async () => {
    const write: Turn = { calls: [{ id: 'w1', name: 'write_file', args: { path: 'out.txt', content: 'x' } }] };
    const result = await cli([write, { text: 'Could not write.' }], ['run', 'write it', '--tools', 'write', '--session', 'deny']);
    expect(result.code).toBe(0);
    expect(existsSync(path.join(project.dir, 'out.txt'))).toBe(false);
    expect(result.stderr).toMatch(/✗ write_file \[denied\]/);
    const tool = project.messages('deny').find((m) => m.role === 'tool')!;
    expect(tool.code).toBe('denied');
    expect(tool.content).toContain('--yes');
  });

  it('runs the writing tools with --yes', async () => {
    const write: Turn = { calls: [{ id: 'w1', name: 'write_file', args: { path: 'out.txt', content: 'written' } }] };
    const result = await cli([write, { text: 'Wrote it.' }], ['run', 'write it', '--tools', 'write', '--yes']);
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(project.dir, 'out.txt'), 'utf8')).toBe('written');
  });
});

describe('tinyagent exit codes', () => {
  it('prints the version with --version', async () => {
    const result = await runCliProcess(['--version'], { cwd: project.dir, env: project.env() });
    const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(result).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it('names the environment variables, the exit codes and examples in --help', async () => {
    for (const args of [['--help'], ['run', '--help']]) {
      const result = await runCliProcess(args, { cwd: project.dir, env: project.env() });
      expect(result.code).toBe(0);
      for (const part of ['Environment:', 'OPENAI_API_KEY', 'TINYAGENT_HOME', 'Exit codes:', '130', 'Examples:']) expect(result.stdout).toContain(part);
    }
  });

  it('exits 2 with the variables to set when no provider is configured', async () => {
    const result = await runCliProcess(['run', 'hi'], { cwd: project.dir, env: project.env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('OPENAI_API_KEY');
    expect(result.stderr).toContain('ANTHROPIC_API_KEY');
    expect(result.stdout).toBe('');
  });

  it('exits 2 on a bad flag, a bad --tools kind, a bad --max-turns and an invalid session id', async () => {
    const env = project.env({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
    const flag = await runCliProcess(['run', 'hi', '--no-such-flag'], { cwd: project.dir, env });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/unknown option '--no-such-flag'/);
    for (const args of [
      ['--tools', 'everything'],
      ['--tools', 'read,nope'],
      ['--max-turns', 'many'],
      ['--session', '../escape'],
      ['--resume', 'bad id'],
    ]) {
      expect((await runCliProcess(['run', 'hi', ...args], { cwd: project.dir, env })).code, args.join(' ')).toBe(2);
    }
  });

  it('exits 1 when the provider fails, with the error code on stderr and nothing on stdout', async () => {
    const result = await cli([{ status: 400, body: '{"error":{"message":"bad request"}}' }], ['run', 'hi']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/failed \[provider_error\]/);
  });

  it('exits 3 when the Run reaches --max-turns (and --max-iterations, its old name)', async () => {
    const result = await cli([readNotes], ['run', 'hi', '--max-turns', '0']);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/limit reached \[tool_iteration_limit\]/);
    await project.serve([readNotes]);
    expect((await runCliProcess(['run', 'hi', '--max-iterations', '0'], { cwd: project.dir, env: project.env() })).code).toBe(3);
  });
});
