// createFileTools and createShellTool refuse bad options with a ConfigurationError at once,
// offer the writing tools only with write: true, and put needsApproval on the tools that
// change something (never on the reading ones).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createFileTools, createShellTool, ToolRegistry, type FileToolsOptions, type ShellToolOptions } from '../../src/index.js';
import { useSandbox, writeFiles } from './builtinsTestKit.js';

describe('createFileTools options', () => {
  const sandbox = useSandbox();

  it.each<[string, (root: string) => unknown]>([
    ['a root that does not exist', (root) => ({ root: join(root, 'missing') })],
    ['a root that is a file', (root) => ({ root: join(root, 'file.txt') })],
    ['an empty root', () => ({ root: '' })],
    ['no options', () => undefined],
    ['write that is not a boolean', (root) => ({ root, write: 'yes' })],
    ['maxFileBytes that is not a positive integer', (root) => ({ root, maxFileBytes: 0 })],
    ['needsApproval that is neither boolean nor function', (root) => ({ root, needsApproval: 'always' })],
    ['an unknown option', (root) => ({ root, writable: true })],
  ])('refuses %s', async (_, options) => {
    await writeFiles(sandbox().root, { 'file.txt': 'x' });
    expect(() => createFileTools(options(sandbox().root) as FileToolsOptions)).toThrow(ConfigurationError);
  });

  it('offers the reading tools only, unless write is true', () => {
    expect(createFileTools({ root: sandbox().root }).map((tool) => tool.name)).toEqual(['read_file', 'list_files', 'search_files']);
    expect(createFileTools({ root: sandbox().root, write: true }).map((tool) => tool.name)).toEqual([
      'read_file',
      'list_files',
      'search_files',
      'write_file',
      'edit_file',
    ]);
  });

  it('marks reading tools readOnly and concurrencySafe, writing tools neither', () => {
    const flags = createFileTools({ root: sandbox().root, write: true }).map((tool) => [tool.name, tool.readOnly, tool.concurrencySafe]);
    expect(flags).toEqual([
      ['read_file', true, true],
      ['list_files', true, true],
      ['search_files', true, true],
      ['write_file', false, false],
      ['edit_file', false, false],
    ]);
  });

  it('puts needsApproval on write_file and edit_file only', () => {
    const decide = () => true;
    for (const needsApproval of [true, decide]) {
      const tools = createFileTools({ root: sandbox().root, write: true, needsApproval });
      expect(tools.map((tool) => [tool.name, tool.needsApproval])).toEqual([
        ['read_file', undefined],
        ['list_files', undefined],
        ['search_files', undefined],
        ['write_file', needsApproval],
        ['edit_file', needsApproval],
      ]);
    }
  });

  it('types the needsApproval function with the writing tools\' arguments', async () => {
    const tools = createFileTools({
      root: sandbox().root,
      write: true,
      needsApproval: (args, ctx) => ctx.toolName === 'edit_file' || !args.path.startsWith('notes/'),
    });
    const decide = tools.find((tool) => tool.name === 'write_file')!.needsApproval as (args: unknown, ctx: unknown) => boolean;
    expect(decide({ path: 'notes/a.md', content: '' }, { toolName: 'write_file' })).toBe(false);
    expect(decide({ path: 'src/a.ts', content: '' }, { toolName: 'write_file' })).toBe(true);
  });

  it('registers in a ToolRegistry (names, schemas and flags are valid)', () => {
    const registry = new ToolRegistry(createFileTools({ root: sandbox().root, write: true }));
    registry.register(createShellTool({ cwd: sandbox().root }));
    expect(registry.list().map((tool) => tool.name)).toHaveLength(6);
  });
});

describe('createShellTool options', () => {
  const sandbox = useSandbox();

  it.each<[string, (root: string) => unknown]>([
    ['a cwd that does not exist', (root) => ({ cwd: join(root, 'missing') })],
    ['a cwd that is a file', (root) => ({ cwd: join(root, 'file.txt') })],
    ['timeoutMs of 0', (root) => ({ cwd: root, timeoutMs: 0 })],
    ['timeoutMs that is not an integer', (root) => ({ cwd: root, timeoutMs: 1.5 })],
    // Node keeps a timer of at most 2^31−1 ms; a longer one fires after 1 ms.
    ['timeoutMs above 2^31−1', (root) => ({ cwd: root, timeoutMs: 2 ** 31 })],
    ['killGraceMs above 2^31−1', (root) => ({ cwd: root, killGraceMs: 2 ** 40 })],
    ['env with a name holding "="', (root) => ({ cwd: root, env: { 'A=B': 'x' } })],
    ['maxOutputBytes below 64', (root) => ({ cwd: root, maxOutputBytes: 10 })],
    ['a negative killGraceMs', (root) => ({ cwd: root, killGraceMs: -1 })],
    ['env with a value that is not a string', (root) => ({ cwd: root, env: { PATH: 1 } })],
    ['needsApproval that is neither boolean nor function', (root) => ({ cwd: root, needsApproval: 1 })],
    ['an unknown option', (root) => ({ cwd: root, timeout: 5 })],
  ])('refuses %s', async (_, options) => {
    await writeFiles(sandbox().root, { 'file.txt': 'x' });
    expect(() => createShellTool(options(sandbox().root) as ShellToolOptions)).toThrow(ConfigurationError);
  });

  it('is neither readOnly nor concurrencySafe, and carries needsApproval when given', () => {
    const decide = () => false;
    expect(createShellTool({ cwd: sandbox().root })).toMatchObject({ name: 'shell', readOnly: false, concurrencySafe: false });
    expect(createShellTool({ cwd: sandbox().root }).needsApproval).toBeUndefined();
    expect(createShellTool({ cwd: sandbox().root, needsApproval: decide }).needsApproval).toBe(decide);
  });
});
