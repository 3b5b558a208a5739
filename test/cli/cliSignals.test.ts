// Ctrl-C and SIGTERM cancel the Run through its signal: the shell command's whole process
// tree is stopped, the cancelled result is persisted, and the CLI exits 130 or 143.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startCli } from './runCli.js';
import { useCliProject } from './cliProject.js';

const project = useCliProject('tinyagent-cli-signal-');

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!condition()) throw new Error('condition not reached within 10 s');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it.each([
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const)('%s while a shell command runs: exit %i, the session holds the cancelled result, no process left', async (signal, exitCode) => {
  const command = 'sleep 100 & echo $! > bg.pid; echo $$ > sh.pid; wait';
  await project.serve([{ calls: [{ id: 's1', name: 'shell', args: { command } }] }]);
  const cli = startCli(['run', 'run it', '--tools', 'shell', '--yes', '--session', 'sig'], { cwd: project.dir, env: project.env() });
  await until(() => existsSync(path.join(project.dir, 'bg.pid')) && existsSync(path.join(project.dir, 'sh.pid')));
  const pids = ['bg.pid', 'sh.pid'].map((name) => Number(readFileSync(path.join(project.dir, name), 'utf8').trim()));
  cli.child.kill(signal);
  const result = await cli.result;
  expect(result.code).toBe(exitCode);
  expect(result.stderr).toMatch(/cancelled · 1 turn · 1 tool call/);
  const messages = project.messages('sig');
  expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  expect(messages[2]!.code).toBe('cancelled');
  await until(() => pids.every((pid) => !alive(pid)));
});
