// Ctrl-C and SIGTERM cancel the Run through its signal: the shell command's whole process
// tree is stopped, the cancelled result is persisted, and the CLI exits 130 or 143.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cleanEnv, startCli } from './runCli.js';
import { startScriptedServer, type ScriptedServer } from './scriptedOpenAIServer.js';

let dir: string;
let server: ScriptedServer | undefined;

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'tinyagent-cli-signal-'));
});

afterEach(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

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
  server = await startScriptedServer([{ calls: [{ id: 's1', name: 'shell', args: { command } }] }]);
  const cli = startCli(['run', 'run it', '--tools', 'shell', '--yes', '--session', 'sig'], {
    cwd: dir,
    env: cleanEnv({ OPENAI_BASE_URL: server.baseURL, HOME: dir }),
  });
  await until(() => existsSync(path.join(dir, 'bg.pid')) && existsSync(path.join(dir, 'sh.pid')));
  const pids = ['bg.pid', 'sh.pid'].map((name) => Number(readFileSync(path.join(dir, name), 'utf8').trim()));
  cli.child.kill(signal);
  const result = await cli.result;
  expect(result.code).toBe(exitCode);
  expect(result.stdout).toMatch(/cancelled · 1 iteration/);
  const messages = readFileSync(path.join(dir, '.tinyagent', 'sessions', 'sig.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { message: { role: string; code?: string } }).message);
  expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'tool']);
  expect(messages[2]!.code).toBe('cancelled');
  await until(() => pids.every((pid) => !alive(pid)));
});
