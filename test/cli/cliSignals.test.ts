// Ctrl-C and SIGTERM cancel the Run through its signal: the shell command's whole process
// tree is stopped, the cancelled result is persisted, and the CLI exits 130 or 143.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { cleanEnv, startCli } from './runCli.js';
import { FileSessionStore } from '../../src/index.js';
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
  const server = await project.serve([{ calls: [{ id: 's1', name: 'shell', args: { command } }] }]);
  const cli = startCli(['run', 'run it', '--tools', 'shell', '--yes', '--session', 'sig'], {
    cwd: project.dir,
    env: cleanEnv({ OPENAI_BASE_URL: server.baseURL, HOME: project.dir }),
  });
  await until(() => existsSync(path.join(project.dir, 'bg.pid')) && existsSync(path.join(project.dir, 'sh.pid')));
  const pids = ['bg.pid', 'sh.pid'].map((name) => Number(readFileSync(path.join(project.dir, name), 'utf8').trim()));
  cli.child.kill(signal);
  const result = await cli.result;
  expect(result.code).toBe(exitCode);
  expect(result.stdout).toMatch(/cancelled · 1 iteration/);
  const messages = await new FileSessionStore({ dir: path.join(project.dir, '.tinyagent', 'sessions') }).load('sig');
  expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  expect(messages[2]).toMatchObject({ code: 'cancelled' });
  await until(() => pids.every((pid) => !alive(pid)));
});
