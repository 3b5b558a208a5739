// Which built-in tools are offered and which calls run without asking: --allowed-tools and
// --disallowed-tools take permission rules (names, globs, specifiers such as shell(git *));
// --permission-mode allows calls with no terminal to ask on.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runCliProcess } from './runCli.js';
import { useCliProject } from './cliProject.js';
import type { Turn } from './scriptedOpenAIServer.js';

const project = useCliProject('tinyagent-cli-tools-');

const writeAndShell: Turn = {
  calls: [
    { id: 'w', name: 'write_file', args: { path: 'out.txt', content: 'written' } },
    { id: 's', name: 'shell', args: { command: 'touch shell.txt' } },
  ],
};

async function run(args: string[]) {
  await project.serve([writeAndShell, { text: 'done' }]);
  const result = await runCliProcess(['run', 'go', '--tools', 'write,shell', '--session', 't', ...args], { cwd: project.dir, env: project.env() });
  const results = project.messages('t').filter((message) => message.role === 'tool');
  return { result, results, wrote: existsSync(path.join(project.dir, 'out.txt')), ranShell: existsSync(path.join(project.dir, 'shell.txt')) };
}

const offered = () => (project.server!.requests[0].tools as { function: { name: string } }[]).map((tool) => tool.function.name);

it('--allowed-tools runs the named tools without asking; the others are still denied', async () => {
  const { result, results, wrote, ranShell } = await run(['--allowed-tools', 'write_file']);
  expect(result.code).toBe(0);
  expect([wrote, ranShell]).toEqual([true, false]);
  expect(results.map((message) => message.code ?? 'ok')).toEqual(['ok', 'denied']);
  expect(readFileSync(path.join(project.dir, 'out.txt'), 'utf8')).toBe('written');
});

it('--allowed-tools takes globs, and Claude Code\'s --allowedTools spelling', async () => {
  const { wrote, ranShell } = await run(['--allowedTools', '*_file,sh?ll']);
  expect([wrote, ranShell]).toEqual([true, true]);
});

it('--disallowed-tools hides tools from the model, and warns about a rule that matches none', async () => {
  const { result } = await run(['--disallowed-tools', 'shell,*_files,nothing_*', '--allowed-tools', 'typo_tool']);
  expect(offered()).toEqual(['read_file', 'write_file', 'edit_file']);
  expect(result.stderr).toContain('warning: the rule nothing_* matches no tool');
  expect(result.stderr).toContain('warning: the rule typo_tool matches no tool');
});

it('takes rules with a specifier: an allowed command runs without asking, a denied path is refused even with --yes', async () => {
  await project.serve([
    {
      calls: [
        { id: 'a', name: 'shell', args: { command: 'git --version' } },
        { id: 'b', name: 'shell', args: { command: 'touch other.txt' } },
        { id: 'c', name: 'write_file', args: { path: 'secrets/key.txt', content: 'x' } },
      ],
    },
    { text: 'done' },
  ]);
  const allowed = await runCliProcess(['run', 'go', '--tools', 'write,shell', '--session', 'rules', '--allowed-tools', 'shell(git *)', '--disallowed-tools', 'write_file(secrets)'], {
    cwd: project.dir,
    env: project.env(),
  });
  expect(allowed.code).toBe(0);
  const results = project.messages('rules').filter((message) => message.role === 'tool');
  expect(results[0]!.code).toBeUndefined();
  expect(results[0]!.content).toMatch(/git version/);
  expect(results.slice(1).map((message) => message.code)).toEqual(['denied', 'denied']);
  expect(results[2]!.content).toContain('write_file(secrets)');
  expect(offered()).toContain('write_file'); // a rule with a specifier does not hide the tool

  await project.serve([{ calls: [{ id: 'c', name: 'write_file', args: { path: 'secrets/key.txt', content: 'x' } }] }, { text: 'done' }]);
  await runCliProcess(['run', 'go', '--tools', 'write', '--yes', '--session', 'yes', '--disallowed-tools', 'write_file(secrets)'], { cwd: project.dir, env: project.env() });
  expect(project.messages('yes').find((message) => message.role === 'tool')!.code).toBe('denied');
  expect(existsSync(path.join(project.dir, 'secrets'))).toBe(false);
});

it('--permission-mode accept-edits (or acceptEdits) allows the file edits but not shell', async () => {
  for (const mode of ['accept-edits', 'acceptEdits']) {
    const { wrote, ranShell, results } = await run(['--permission-mode', mode]);
    expect([wrote, ranShell]).toEqual([true, false]);
    expect(results[1]!.code).toBe('denied');
  }
});

it('--permission-mode bypass allows everything, like --yes', async () => {
  const { wrote, ranShell } = await run(['--permission-mode', 'bypass']);
  expect([wrote, ranShell]).toEqual([true, true]);
});

it('refuses a rule it cannot read and an unknown permission mode (exit 2)', async () => {
  const env = project.env({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' });
  const bad = await runCliProcess(['run', 'go', '--allowed-tools', 'shell('], { cwd: project.dir, env });
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('shell(');
  expect((await runCliProcess(['run', 'go', '--permission-mode', 'plan'], { cwd: project.dir, env })).code).toBe(2);
});
