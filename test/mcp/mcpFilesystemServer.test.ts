// MCP tools from @modelcontextprotocol/server-filesystem over stdio, confined to a temp dir:
// draft-07 schemas registered as they are, trust from readOnlyHint, a whole agent Run.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, ToolErrorCode, ToolRegistry } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { connectMcpServers, type McpServers } from '../../src/mcp/index.js';
import { execute, filesystemStdio, SERVER_START_MS } from './helpers.js';

const root = mkdtempSync(join(tmpdir(), 'tinyagent-mcp-fs-'));
const registry = new ToolRegistry();
let mcp: McpServers;

beforeAll(async () => {
  writeFileSync(join(root, 'notes.txt'), 'remember the milk\n');
  mcp = await connectMcpServers({ mcpServers: { fs: filesystemStdio(root) } }, registry, { trusted: ['fs'] });
}, SERVER_START_MS);

afterAll(async () => {
  await mcp.close();
  rmSync(root, { recursive: true, force: true });
});

describe('server-filesystem', () => {
  it('registers every tool with its draft-07 schema', () => {
    const [status] = mcp.status();
    expect(status).toMatchObject({ server: 'fs', state: 'connected', skipped: [], withdrawn: [] });
    expect(status!.tools).toEqual(expect.arrayContaining(['mcp__fs__read_text_file', 'mcp__fs__write_file', 'mcp__fs__list_directory']));
    expect(registry.get('mcp__fs__write_file')!.parameters.$schema).toBe('http://json-schema.org/draft-07/schema#');
  });

  it('makes the read-only tools of the trusted server readOnly and concurrencySafe, and no others', () => {
    expect(registry.get('mcp__fs__read_text_file')).toMatchObject({ readOnly: true, concurrencySafe: true });
    expect(registry.get('mcp__fs__write_file')).not.toHaveProperty('readOnly');
  });

  it('reads, writes and lists files in a whole agent Run', async () => {
    const provider = createScriptedProvider([
      { toolCalls: [{ id: 'read', name: 'mcp__fs__read_text_file', arguments: { path: join(root, 'notes.txt') } }] },
      { toolCalls: [{ id: 'write', name: 'mcp__fs__write_file', arguments: { path: join(root, 'todo.txt'), content: 'buy milk' } }] },
      { toolCalls: [{ id: 'list', name: 'mcp__fs__list_directory', arguments: { path: root } }] },
      { text: 'done' },
    ]);
    const output = await createAgent({ provider, tools: registry }).run('tidy up');
    expect(output.status).toBe('completed');
    const results = output.messages.filter((message) => message.role === 'tool');
    expect(results.map((result) => result.isError)).toEqual([false, false, false]);
    expect(results[0]!.content).toBe('remember the milk\n');
    expect(readFileSync(join(root, 'todo.txt'), 'utf8')).toBe('buy milk');
    expect(results[2]!.content).toMatch(/\[FILE\] notes\.txt[\s\S]*\[FILE\] todo\.txt/);
  });

  it("keeps the server's refusal of a path outside its root as an error result", async () => {
    const outside = join(root, '..', 'elsewhere.txt');
    const result = await execute(registry, 'mcp__fs__write_file', { path: outside, content: 'x' });
    expect(result).toMatchObject({ isError: true, code: ToolErrorCode.toolError });
    expect(result.content).toMatch(/denied|outside|not allowed/i);
    expect(existsSync(outside)).toBe(false);
  });
});
