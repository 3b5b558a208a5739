// The built CLI honours the same permission rules as the core, from its flags and from the
// settings files of the project and of the user: deny first (wherever it was written, also with
// --yes), then ask, then allow; compound shell commands are judged part by part; every rule's
// decision is a tool.hook_decided line of stream-json.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runCliProcess } from './runCli.js';
import { useCliProject } from './cliProject.js';

const project = useCliProject('tinyagent-cli-settings-');

function settings(dir: string, permissions: Record<string, string[]>) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'settings.json'), JSON.stringify({ permissions }));
}

const lines = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

it('reads the rules of the project’s and the user’s settings files, with the flags’ rules', async () => {
  settings(path.join(project.dir, '.tinyagent'), { allow: ['shell(git *)', 'shell(echo *)'], deny: ['write_file(secrets)'] });
  settings(path.join(project.home, '.config', 'tinyagent'), { deny: ['shell(touch *)'] });
  await project.serve([
    {
      calls: [
        { id: 'git', name: 'shell', args: { command: 'git --version' } },
        { id: 'touch', name: 'shell', args: { command: 'touch touched.txt' } },
        { id: 'compound', name: 'shell', args: { command: 'echo hi && touch compound.txt' } },
        { id: 'secret', name: 'write_file', args: { path: './secrets/../secrets/key.txt', content: 'x' } },
        { id: 'flag', name: 'shell', args: { command: 'echo flagged' } },
      ],
    },
    { text: 'done' },
  ]);
  const result = await runCliProcess(['run', 'go', '--tools', 'write,shell', '--yes', '--session', 's', '--output-format', 'stream-json', '--disallowed-tools', 'shell(echo flagged)'], {
    cwd: project.dir,
    env: project.env(),
  });
  expect(result.code).toBe(0);
  const results = Object.fromEntries(project.messages('s').flatMap((message) => (message.role === 'tool' ? [[message.toolCallId, message.code ?? 'ok']] : [])));
  // --yes approves what asks, never what a deny rule refuses, wherever the rule was written.
  expect(results).toEqual({ git: 'ok', touch: 'denied', compound: 'denied', secret: 'denied', flag: 'denied' });
  expect([existsSync(path.join(project.dir, 'touched.txt')), existsSync(path.join(project.dir, 'compound.txt')), existsSync(path.join(project.dir, 'secrets'))]).toEqual([false, false, false]);
  const decided = lines(result.stdout).filter((line) => line.type === 'tool.hook_decided');
  expect(decided.map((line) => [line.callId, line.hook, line.decision])).toEqual([
    ['git', 'permissions', 'allow'],
    ['touch', 'permissions', 'deny'],
    ['compound', 'permissions', 'deny'],
    ['secret', 'permissions', 'deny'],
    ['flag', 'permissions', 'deny'],
  ]);
  expect(decided[1]!.reason).toContain('shell(touch *)');
  expect(decided.every((line) => line.sessionId === 's')).toBe(true);
});

it('asks for what an ask rule of a settings file names, even for an allowed command (no terminal: denied)', async () => {
  settings(path.join(project.dir, '.tinyagent'), { allow: ['shell(git *)'], ask: ['shell(git push*)'] });
  await project.serve([{ calls: [{ id: 'push', name: 'shell', args: { command: 'git push origin main' } }, { id: 'status', name: 'shell', args: { command: 'git --version' } }] }, { text: 'done' }]);
  const result = await runCliProcess(['run', 'go', '--tools', 'shell', '--session', 'a'], { cwd: project.dir, env: project.env() });
  expect(result.code).toBe(0);
  const codes = project.messages('a').flatMap((message) => (message.role === 'tool' ? [message.code ?? 'ok'] : []));
  expect(codes).toEqual(['denied', 'ok']);
});

it('refuses a settings file it cannot read, naming it (exit 2)', async () => {
  mkdirSync(path.join(project.dir, '.tinyagent'));
  writeFileSync(path.join(project.dir, '.tinyagent', 'settings.json'), '{"permissions": {"allowed": ["shell"]}}');
  const result = await runCliProcess(['run', 'go'], { cwd: project.dir, env: project.env({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }) });
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(path.join('.tinyagent', 'settings.json'));
  expect(result.stderr).toContain('"allowed"');
});
