// The MCP SDK (an optional peer dependency) is loaded by connectMcpServers, not by importing
// tinyagent: an application that never connects a server never loads it, and one that did
// not install it is told which package to install. Checked in a child process whose module
// loader refuses the SDK (fixtures/blockMcpSdk.mjs) or does not find it (fixtures/missingMcpSdk.mjs).
import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '../..');

const script = `
const main = await import(${JSON.stringify(join(root, 'src/index.ts'))});
const mcp = await import(${JSON.stringify(join(root, 'src/mcp/index.ts'))});
console.log('imported', typeof main.connectMcpServers, typeof mcp.loadMcpConfig);
try {
  await main.connectMcpServers({ s: { command: 'true' } }, new main.ToolRegistry());
} catch (error) {
  console.log('connect:', error.name, error.message);
}
`;

const runWith = async (fixture: string) =>
  (await promisify(execFile)(process.execPath, ['--import', 'tsx', '--import', join(here, 'fixtures', fixture), '--input-type=module', '-e', script], { cwd: root })).stdout;

describe('the MCP SDK', () => {
  it('is not loaded by importing tinyagent, only by connecting a server', async () => {
    const stdout = await runWith('blockMcpSdk.mjs');
    expect(stdout).toContain('imported function function');
    expect(stdout).toMatch(/connect: Error MCP SDK loaded: @modelcontextprotocol\/sdk/);
  });

  it('when missing, makes connecting a ConfigurationError that names the package to install', async () => {
    const stdout = await runWith('missingMcpSdk.mjs');
    expect(stdout).toContain('imported function function');
    expect(stdout).toMatch(/connect: ConfigurationError connectMcpServers: MCP servers need the package @modelcontextprotocol\/sdk.*npm install @modelcontextprotocol\/sdk/);
  });
});
