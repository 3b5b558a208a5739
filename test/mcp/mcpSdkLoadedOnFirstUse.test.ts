// The MCP SDK is loaded by connectMcpServers, not by importing tinyagent: an application
// that never connects a server never loads it. Checked in a child process whose module
// loader refuses the SDK (fixtures/blockMcpSdk.mjs).
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
  console.log('connect:', error.message);
}
`;

describe('the MCP SDK', () => {
  it('is not loaded by importing tinyagent, only by connecting a server', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--import', join(here, 'fixtures/blockMcpSdk.mjs'), '--input-type=module', '-e', script],
      { cwd: root },
    );
    expect(stdout).toContain('imported function function');
    expect(stdout).toMatch(/connect: MCP SDK loaded: @modelcontextprotocol\/sdk/);
  });
});
