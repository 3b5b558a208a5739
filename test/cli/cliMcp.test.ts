// `--mcp-config` attaches the servers of a .mcp.json file through connectMcpServers; their
// tools run like any other, and when the CLI exits no server process is left behind.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { cleanEnv, runCliProcess } from './runCli.js';
import { FileSessionStore } from '../../src/index.js';
import { useCliProject } from './cliProject.js';

const ODD_SERVER = fileURLToPath(new URL('../mcp/servers/oddServer.mjs', import.meta.url));
const project = useCliProject('tinyagent-cli-mcp-');

/** Processes whose environment carries this marker (the server and the child it starts). */
function processesMarked(marker: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').includes(marker)) pids.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return pids;
}

it('offers the MCP servers tools, runs them, and leaves no server process behind', async () => {
  const marker = `MCP_TEST_MARK=${path.join(project.dir, 'mark.log')}`;
  writeFileSync(
    path.join(project.dir, '.mcp.json'),
    JSON.stringify({ mcpServers: { odd: { command: process.execPath, args: [ODD_SERVER], env: { MCP_TEST_GRANDCHILD: '1', MCP_TEST_MARK: path.join(project.dir, 'mark.log') } } } }),
  );
  const server = await project.serve([{ calls: [{ id: 'm1', name: 'mcp__odd__echo', args: { text: 'through MCP' } }] }, { text: 'Echoed.' }]);
  const result = await runCliProcess(['run', 'echo it', '--mcp-config', '.mcp.json', '--tools', 'none', '--session', 'mcp'], {
    cwd: project.dir,
    env: cleanEnv({ OPENAI_BASE_URL: server.baseURL, HOME: project.dir }),
  });
  expect(result.code).toBe(0);
  const offered = (server.requests[0].tools as { function: { name: string } }[]).map((tool) => tool.function.name);
  expect(offered).toContain('mcp__odd__echo');
  expect(result.stdout).toMatch(/✓ mcp__odd__echo/);
  const messages = await new FileSessionStore({ dir: path.join(project.dir, '.tinyagent', 'sessions') }).load('mcp');
  const tool = messages.find((message) => message.role === 'tool')!;
  expect(tool.content).toContain('through MCP');
  expect(processesMarked(marker)).toEqual([]);
});

it('exits 2 with the server and field named for a bad .mcp.json', async () => {
  writeFileSync(path.join(project.dir, '.mcp.json'), JSON.stringify({ mcpServers: { odd: { args: ['x'] } } }));
  const result = await runCliProcess(['run', 'hi', '--mcp-config', '.mcp.json'], { cwd: project.dir, env: cleanEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1', HOME: project.dir }) });
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(/odd/);
});
