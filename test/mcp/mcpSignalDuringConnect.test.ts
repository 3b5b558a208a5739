// A signal while servers are still connecting must not leave them running: the application
// aborts connectMcpServers' signal (the call resolves, the server is failed and its process
// group ended), or kills every server group at once with killMcpServerProcesses(). Real
// processes: the application, a stubborn server, and the server's own stubborn child.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning, until } from './helpers.js';

const here = dirname(fileURLToPath(import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tinyagent-mcp-signal-'));
const leftovers: number[] = [];
afterAll(() => {
  for (const pid of leftovers) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

async function signalledWhileConnecting(mode: 'abort' | 'kill') {
  const pidsFile = join(dir, `${mode}.json`);
  const app = spawn(process.execPath, ['--import', 'tsx', join(here, 'fixtures/signalDuringConnect.ts'), pidsFile], {
    env: { ...process.env, MODE: mode },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  app.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  app.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => app.once('exit', (code) => resolve(code)));
  await until(() => existsSync(pidsFile) && readFileSync(pidsFile, 'utf8').includes('child'), 20_000);
  const pids = JSON.parse(readFileSync(pidsFile, 'utf8')) as { pid: number; child: number };
  leftovers.push(pids.pid, pids.child);
  expect(isRunning(pids.pid) && isRunning(pids.child)).toBe(true);
  app.kill('SIGTERM');
  const code = await exited;
  return { code, output, pids };
}

describe('a signal while MCP servers are connecting', () => {
  it('abort: connectMcpServers resolves with the server failed, and its process group is ended', async () => {
    const { code, output, pids } = await signalledWhileConnecting('abort');
    expect(code).toBe(0);
    expect(JSON.parse(output.trim().split('\n').at(-1)!)).toMatchObject({ server: 'stuck', state: 'failed', error: 'interrupted by SIGTERM' });
    await until(() => !isRunning(pids.pid) && !isRunning(pids.child));
  }, 30_000);

  it('killMcpServerProcesses: the handler ends every server group synchronously before exiting', async () => {
    const { code, pids } = await signalledWhileConnecting('kill');
    expect(code).toBe(143);
    await until(() => !isRunning(pids.pid) && !isRunning(pids.child));
  }, 30_000);
});
