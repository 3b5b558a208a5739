// Ctrl-C and SIGTERM cancel the Run through its signal: the shell command's whole process
// tree is stopped (SIGKILL after the grace period for what ignores SIGTERM, before the CLI
// exits), the cancelled result is persisted, and the CLI exits 130 or 143. A signal while the
// MCP servers connect ends the CLI too, without leaving a server behind.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { startCli } from './runCli.js';
import { useCliProject } from './cliProject.js';

const project = useCliProject('tinyagent-cli-signal-');

/** Alive and not a zombie waiting to be reaped (whoever reaps it may be slow). */
function running(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!);
  } catch {
    return false;
  }
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 20));
  if (!condition()) throw new Error('condition not reached within 10 s');
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
  await until(() => pids.every((pid) => !running(pid)));
});

it('SIGTERM while a shell command that ignores SIGTERM runs: the CLI waits for the SIGKILL after the grace period, nothing survives', async () => {
  // Both the shell and its sleep ignore SIGTERM (an ignored signal stays ignored across exec).
  const command = "trap '' TERM; sleep 100 & echo $! > bg.pid; echo $$ > sh.pid; wait; wait";
  await project.serve([{ calls: [{ id: 's1', name: 'shell', args: { command } }] }]);
  const cli = startCli(['run', 'run it', '--tools', 'shell', '--yes', '--session', 'stubborn'], { cwd: project.dir, env: project.env() });
  await until(() => existsSync(path.join(project.dir, 'bg.pid')) && existsSync(path.join(project.dir, 'sh.pid')));
  const pids = ['bg.pid', 'sh.pid'].map((name) => Number(readFileSync(path.join(project.dir, name), 'utf8').trim()));
  cli.child.kill('SIGTERM');
  const result = await cli.result;
  expect(result.code).toBe(143);
  // The CLI has exited: whatever it was going to do to the command group is done by now.
  expect(pids.filter(running)).toEqual([]);
});

it('SIGINT while an MCP server is still connecting: exit 130, and the server does not survive', async () => {
  const server = path.join(project.dir, 'hang.mjs');
  // A server that starts, says where it is, and never answers the initialize request.
  writeFileSync(server, "import { writeFileSync } from 'node:fs';\nwriteFileSync('hang.pid', String(process.pid));\nprocess.stdin.resume();\nsetInterval(() => {}, 1000);\n");
  writeFileSync(path.join(project.dir, '.mcp.json'), JSON.stringify({ mcpServers: { slow: { command: process.execPath, args: [server], cwd: project.dir } } }));
  await project.serve([{ text: 'never asked' }]);
  const cli = startCli(['run', 'hi', '--mcp-config', '.mcp.json', '--tools', 'none'], { cwd: project.dir, env: project.env() });
  await until(() => existsSync(path.join(project.dir, 'hang.pid')));
  const pid = Number(readFileSync(path.join(project.dir, 'hang.pid'), 'utf8'));
  cli.child.kill('SIGINT');
  const result = await cli.result;
  expect(result).toMatchObject({ code: 130, signal: null });
  await until(() => !running(pid));
  expect(project.server!.requests).toEqual([]);
});
