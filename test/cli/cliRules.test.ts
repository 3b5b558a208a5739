// The CLI's permission flags as rules (split, hidden tools, governed approval, unmatched rules),
// and the visible rendering of control characters: checked directly, without a process.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, type Tool } from '../../src/index.js';
import { CliPermissions, ruleList } from '../../src/cli/tools/permissionRules.js';
import { jsonLine, visibleControls } from '../../src/cli/render/visibleControls.js';

const ctx = { runId: 'r', callId: 'c', toolName: 'shell', iteration: 1, signal: new AbortController().signal };
const shell: Tool = {
  name: 'shell',
  description: 'Runs a command',
  parameters: { type: 'object', properties: { command: { type: 'string' } } },
  permissionArgument: { name: 'command', kind: 'command' },
  needsApproval: true,
  execute: async () => 'ran',
};
const lister: Tool = { name: 'list_files', description: 'Lists', parameters: { type: 'object' }, readOnly: true, execute: async () => '' };

describe('ruleList', () => {
  it('splits on commas and spaces outside parentheses, across repeated flags', () => {
    expect(ruleList(['read_file, mcp__fs__*', 'shell(git log *) list_files'])).toEqual(['read_file', 'mcp__fs__*', 'shell(git log *)', 'list_files']);
  });
});

describe('CliPermissions', () => {
  it('hides the tools a disallowed rule without a specifier names, and only those', () => {
    const rules = new CliPermissions({ allowed: [], disallowed: ['mcp__fs__*', 'shell(rm *)'] }, '/srv/repo');
    expect(['mcp__fs__write_file', 'mcp__git__log', 'shell'].filter((name) => rules.hides(name))).toEqual(['mcp__fs__write_file']);
  });

  it('governs a tool: allow rules skip approval, deny and ask rules need it, otherwise the tool decides', async () => {
    const rules = new CliPermissions({ allowed: ['shell(git log *)', 'list_files'], disallowed: ['shell(rm *)'] }, '/srv/repo');
    const governed = rules.govern(shell);
    const needs = (command: string) => (governed.needsApproval as (args: Record<string, unknown>, c: typeof ctx) => boolean)({ command }, ctx);
    expect(needs('git log --oneline')).toBe(false);
    expect(needs('git log && rm -rf /')).toBe(true);
    expect(rules.verdict('shell', { command: 'git log && rm -rf /' }).decision).toBe('deny');
    expect(needs('npm test')).toBe(true); // no rule: shell's own needsApproval
    expect(rules.govern(lister).needsApproval).toBeTypeOf('function');
  });

  it('leaves tools untouched without rules, and names the rules that match no tool', () => {
    expect(new CliPermissions({ allowed: [], disallowed: [] }, '/').govern(shell)).toBe(shell);
    const rules = new CliPermissions({ allowed: ['shel', 'shell(ls *)'], disallowed: ['mcp__nope__*'] }, '/');
    expect(rules.unmatched(['shell', 'read_file'])).toEqual(['shel', 'mcp__nope__*']);
  });

  it('refuses a rule it cannot read, quoting it', () => {
    expect(() => new CliPermissions({ allowed: ['shell('], disallowed: [] }, '/')).toThrow(ConfigurationError);
  });
});

describe('visibleControls', () => {
  it('shows escape sequences, bells, carriage returns, DEL, C1 controls and bidi overrides; keeps tabs and newlines', () => {
    expect(visibleControls('a\u001b[2Jb\u0007\tc\nd\r\ne\rf\u007f\u009b\u202e')).toBe('a^[[2Jb^G\tc\nd\ne^Mf^?<U+009B><U+202E>');
  });

  it('leaves ordinary text, including non-Latin scripts and emoji, alone', () => {
    expect(visibleControls('Grüße, 世界 👋')).toBe('Grüße, 世界 👋');
  });

  it('writes JSON lines without raw C1 or bidi characters that parse back to the same value', () => {
    const value = { text: '\u009b2J\u202e\u2028' };
    const line = jsonLine(value);
    expect(line).toBe('{"text":"\\u009b2J\\u202e\\u2028"}\n');
    expect(JSON.parse(line)).toEqual(value);
  });
});
