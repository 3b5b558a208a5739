// MCP through the CLI: `--mcp-config` attaches the servers of a .mcp.json file; their tools need
// approval like the writing tools and shell (denied with no terminal and no --yes), except the
// read-only tools of servers named in --mcp-trust; no server process is left when the CLI exits.
// `tinyagent mcp list` shows each configured server's state and tool count.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCliProcess } from './runCli.js';
import { useCliProject } from './cliProject.js';

const ODD_SERVER = fileURLToPath(new URL('../mcp/servers/oddServer.mjs', import.meta.url));
const FS_SERVER = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-filesystem/dist/index.js', import.meta.url));
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

function oddConfig(): string {
  const mark = path.join(project.dir, 'mark.log');
  writeFileSync(
    path.join(project.dir, '.mcp.json'),
    JSON.stringify({ mcpServers: { odd: { command: process.execPath, args: [ODD_SERVER], env: { MCP_TEST_GRANDCHILD: '1', MCP_TEST_MARK: mark } } } }),
  );
  return `MCP_TEST_MARK=${mark}`;
}

function fsConfig(): void {
  writeFileSync(path.join(project.dir, '.mcp.json'), JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FS_SERVER, project.dir] } } }));
}

describe('tinyagent run --mcp-config', () => {
  it('runs a trusted server\'s read-only tool without approval, and leaves no server process behind', async () => {
    const marker = oddConfig();
    await project.serve([{ calls: [{ id: 'm1', name: 'mcp__odd__echo', args: { text: 'through MCP' } }] }, { text: 'Echoed.' }]);
    const result = await runCliProcess(['run', 'echo it', '--mcp-config', '.mcp.json', '--mcp-trust', 'odd', '--tools', 'none', '--session', 'mcp'], { cwd: project.dir, env: project.env() });
    expect(result.code).toBe(0);
    const offered = (project.server!.requests[0].tools as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(offered).toContain('mcp__odd__echo');
    expect(result.stderr).toMatch(/✓ mcp__odd__echo/);
    expect(project.messages('mcp').find((message) => message.role === 'tool')!.content).toContain('through MCP');
    expect(processesMarked(marker)).toEqual([]);
  });

  it('denies an MCP tool with no terminal and no --yes, even a read-only one of a server not trusted', async () => {
    oddConfig();
    await project.serve([{ calls: [{ id: 'm1', name: 'mcp__odd__echo', args: { text: 'x' } }] }, { text: 'Denied.' }]);
    const result = await runCliProcess(['run', 'echo it', '--mcp-config', '.mcp.json', '--tools', 'none', '--session', 'untrusted'], { cwd: project.dir, env: project.env() });
    expect(result.code).toBe(0);
    expect(project.messages('untrusted').find((message) => message.role === 'tool')).toMatchObject({ isError: true, code: 'denied' });
  });

  it('denies a writing MCP tool under --tools none with no terminal and no --yes: no file is written', async () => {
    fsConfig();
    const target = path.join(project.dir, 'written-by-mcp.txt');
    await project.serve([{ calls: [{ id: 'w', name: 'mcp__fs__write_file', args: { path: target, content: 'pwned' } }] }, { text: 'ok' }]);
    const result = await runCliProcess(['run', 'write', '--mcp-config', '.mcp.json', '--mcp-trust', 'fs', '--tools', 'none', '--session', 'w'], { cwd: project.dir, env: project.env() });
    expect(result.code).toBe(0);
    expect(existsSync(target)).toBe(false);
    expect(project.messages('w').find((message) => message.role === 'tool')).toMatchObject({ isError: true, code: 'denied' });
  });

  it('runs an MCP tool that --allowed-tools names by a glob, and does not offer what --disallowed-tools names', async () => {
    fsConfig();
    const target = path.join(project.dir, 'allowed.txt');
    await project.serve([{ calls: [{ id: 'w', name: 'mcp__fs__write_file', args: { path: target, content: 'allowed' } }] }, { text: 'ok' }]);
    const result = await runCliProcess(
      ['run', 'write', '--mcp-config', '.mcp.json', '--tools', 'none', '--allowed-tools', 'mcp__fs__write*', '--disallowed-tools', 'mcp__fs__read_*,mcp__fs__directory_tree'],
      { cwd: project.dir, env: project.env() },
    );
    expect(result.code).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe('allowed');
    const offered = (project.server!.requests[0].tools as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(offered).toContain('mcp__fs__write_file');
    expect(offered.filter((name) => name.startsWith('mcp__fs__read_') || name === 'mcp__fs__directory_tree')).toEqual([]);
  });

  it('exits 2 with the server and field named for a bad .mcp.json', async () => {
    writeFileSync(path.join(project.dir, '.mcp.json'), JSON.stringify({ mcpServers: { odd: { args: ['x'] } } }));
    const result = await runCliProcess(['run', 'hi', '--mcp-config', '.mcp.json'], { cwd: project.dir, env: project.env({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/odd/);
  });
});

describe('tinyagent mcp list', () => {
  it('prints one line per server with its state and tool count, or an array with --output-format json', async () => {
    writeFileSync(
      path.join(project.dir, '.mcp.json'),
      JSON.stringify({ mcpServers: { fs: { command: process.execPath, args: [FS_SERVER, project.dir] }, gone: { command: path.join(project.dir, 'no-such-server') } } }),
    );
    const text = await runCliProcess(['mcp', 'list'], { cwd: project.dir, env: project.env() });
    expect(text.code).toBe(1);
    expect(text.stdout).toMatch(/^fs {2}stdio {2}connected {2}\d+ tools$/m);
    expect(text.stdout).toMatch(/^gone {2}stdio {2}failed {2}0 tools {2}\S/m);
    const json = await runCliProcess(['mcp', 'list', '--output-format', 'json'], { cwd: project.dir, env: project.env() });
    const servers = JSON.parse(json.stdout) as { server: string; state: string; tools: string[] }[];
    expect(servers.map((server) => [server.server, server.state])).toEqual([
      ['fs', 'connected'],
      ['gone', 'failed'],
    ]);
    expect(servers[0]!.tools).toContain('mcp__fs__write_file');
  });

  it('exits 2 when there is no configuration', async () => {
    expect((await runCliProcess(['mcp', 'list'], { cwd: project.dir, env: project.env() })).code).toBe(2);
  });
});
