// Stdio servers as processes: a server that cannot start or answer fails alone, a killed
// server takes its children with it, and close() leaves no process behind.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolRegistry } from '../../src/index.js';
import { connectMcpServers, McpErrorCode, type McpServers } from '../../src/mcp/index.js';
import { execute, isRunning, marks, oddServer, until } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'tinyagent-mcp-proc-'));
const opened: McpServers[] = [];
afterAll(async () => {
  await Promise.all(opened.map((mcp) => mcp.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function pidsOf(registry: ToolRegistry): Promise<{ pid: number; grandchild: number }> {
  return JSON.parse((await execute(registry, 'mcp__odd__pids')).content) as { pid: number; grandchild: number };
}

describe.concurrent('servers that fail', () => {
  it('never stop the others: each is failed in status() with its error', async () => {
    const registry = new ToolRegistry();
    const mcp = await connectMcpServers(
      {
        missing: { command: join(dir, 'no-such-command') },
        crashes: { command: process.execPath, args: ['-e', 'console.error("boom: no config"); process.exit(3)'] },
        odd: oddServer(),
      },
      registry,
    );
    opened.push(mcp);
    const [missing, crashes, odd] = mcp.status();
    expect(missing).toMatchObject({ state: 'failed', tools: [], error: expect.stringContaining('ENOENT') as string });
    expect(crashes).toMatchObject({ state: 'failed', error: expect.stringMatching(/exited with code 3.*boom: no config/) as string });
    expect(odd).toMatchObject({ state: 'connected' });
    expect(await execute(registry, 'mcp__odd__echo', { text: 'ok' })).toEqual({ content: 'echo: ok' });
  });

  it('a server that never answers fails after connectTimeoutMs and is ended, not left running', async () => {
    const pidFile = join(dir, 'silent.pid');
    const mcp = await connectMcpServers(
      { silent: { command: '/bin/sh', args: ['-c', `echo $$ > '${pidFile}'; exec sleep 1000`] } },
      new ToolRegistry(),
      { connectTimeoutMs: 1_000 },
    );
    opened.push(mcp);
    expect(mcp.status()[0]).toMatchObject({ state: 'failed', error: expect.stringContaining('1000 ms') as string });
    await until(() => !isRunning(Number(readFileSync(pidFile, 'utf8'))));
  });
});

describe.concurrent('process groups', () => {
  it('close() ends the server and the process it started', async () => {
    const registry = new ToolRegistry();
    const mcp = await connectMcpServers({ odd: oddServer({ MCP_TEST_GRANDCHILD: '1' }) }, registry);
    const { pid, grandchild } = await pidsOf(registry);
    expect(mcp.status()[0]!.pid).toBe(pid);
    expect(isRunning(pid) && isRunning(grandchild)).toBe(true);
    await mcp.close();
    expect(isRunning(pid)).toBe(false);
    expect(isRunning(grandchild)).toBe(false);
    expect(mcp.status()[0]).toMatchObject({ state: 'closed' });
    expect(mcp.status()[0]).not.toHaveProperty('error'); // closed as asked
    await mcp.close(); // idempotent
  });

  it('a server killed mid-call: mcp_server_closed for the call, later calls fail fast, its child is ended too', async () => {
    const markFile = join(dir, 'killed.marks');
    const registry = new ToolRegistry();
    const mcp = await connectMcpServers({ odd: oddServer({ MCP_TEST_GRANDCHILD: '1', MCP_TEST_MARK: markFile }) }, registry);
    opened.push(mcp);
    const { pid, grandchild } = await pidsOf(registry);
    const call = execute(registry, 'mcp__odd__sleep', { ms: 60_000 });
    await until(() => marks(markFile).some((line) => line.startsWith('started')));
    process.kill(pid, 'SIGKILL');
    const killedAt = Date.now();
    expect(await call).toMatchObject({ isError: true, code: McpErrorCode.serverClosed });
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    expect(mcp.status()[0]).toMatchObject({ state: 'closed', error: expect.stringContaining('killed by SIGKILL') as string });
    const later = await execute(registry, 'mcp__odd__echo', { text: 'x' });
    expect(later).toMatchObject({ isError: true, code: McpErrorCode.serverClosed });
    await until(() => !isRunning(grandchild));
  });
});
