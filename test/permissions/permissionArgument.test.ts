// Tools declare the argument rule specifiers match; the registry refuses a declaration it
// cannot use, and the built-in tools declare theirs (the path, the command).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileTools, createShellTool, defineTool, ToolRegistry, type Tool } from '../../src/index.js';

const tool = (permissionArgument: unknown): Tool =>
  ({ name: 'probe', description: 'Probes', parameters: { type: 'object' }, execute: async () => 'ok', permissionArgument }) as Tool;

describe('Tool.permissionArgument', () => {
  it.each([
    ['an empty name', '', /permissionArgument must name an argument/],
    ['a number', 3, /permissionArgument must be an argument name or \{ name, kind \}/],
    ['an unknown kind', { name: 'path', kind: 'file' }, /kind must be "path", "command" or "text"/],
    ['a nameless object', { kind: 'path' }, /name must be a non-empty string/],
    ['a default that is not a string', { name: 'path', kind: 'path', default: 1 }, /default must be a string/],
  ])('refuses %s at registration', (_label, value, message) => {
    expect(() => new ToolRegistry().register(tool(value))).toThrow(message);
  });

  it.each([['key'], [{ name: 'path', kind: 'path', default: '.' }]])('accepts %j', (value) => {
    expect(new ToolRegistry().register(tool(value)).get('probe')?.permissionArgument).toEqual(value);
  });

  it('passes through defineTool', () => {
    const fetchUrl = defineTool({
      name: 'fetch_url',
      description: 'Fetches a URL',
      parameters: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } as const,
      permissionArgument: 'url',
      execute: async ({ url }) => url,
    });
    expect(new ToolRegistry([fetchUrl]).get('fetch_url')?.permissionArgument).toBe('url');
  });

  it('is declared by the built-in tools', () => {
    const root = mkdtempSync(join(tmpdir(), 'tinyagent-permissions-'));
    const declared = Object.fromEntries([...createFileTools({ root, write: true }), createShellTool({ cwd: root })].map((t) => [t.name, t.permissionArgument]));
    expect(declared).toEqual({
      read_file: { name: 'path', kind: 'path' },
      list_files: { name: 'path', kind: 'path', default: '.' },
      search_files: { name: 'path', kind: 'path', default: '.' },
      write_file: { name: 'path', kind: 'path' },
      edit_file: { name: 'path', kind: 'path' },
      shell: { name: 'command', kind: 'command' },
    });
  });
});
