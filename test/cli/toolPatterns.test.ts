// Tool names and globs for --allowed-tools / --disallowed-tools, and the visible rendering of
// control characters: pure functions, checked directly.
import { describe, expect, it } from 'vitest';
import { matchesToolPattern, toolPatterns } from '../../src/cli/tools/toolPatterns.js';
import { jsonLine, visibleControls } from '../../src/cli/render/visibleControls.js';
import { UsageError } from '../../src/cli/usageError.js';

describe('matchesToolPattern', () => {
  it.each([
    ['read_file', 'read_file', true],
    ['read_file', 'read_files', false],
    ['mcp__fs__read_file', 'mcp__fs__*', true],
    ['mcp__git__status', 'mcp__fs__*', false],
    ['mcp__fs__x', 'mcp__*__x', true],
    ['shell', 's?ell', true],
    ['shell', '*', true],
    ['', '*', true],
    ['edit_file', '*_file', true],
    ['edit_files', '*_file', false],
  ])('%s against %s: %s', (name, pattern, expected) => {
    expect(matchesToolPattern(name, pattern)).toBe(expected);
  });

  it('stays fast on a pattern that makes a backtracking matcher explode', () => {
    const pattern = `${'*?'.repeat(40)}*!`;
    const name = 'a'.repeat(64);
    expect(matchesToolPattern(name, pattern)).toBe(false);
  });
});

describe('toolPatterns', () => {
  it('splits on commas and spaces, across repeated flags', () => {
    expect(toolPatterns(['read_file, mcp__fs__*', 'shell list_files'], '--allowed-tools')).toEqual(['read_file', 'mcp__fs__*', 'shell', 'list_files']);
  });

  it('refuses a rule with a specifier and anything that is not a name or glob', () => {
    expect(() => toolPatterns(['shell(git *)'], '--allowed-tools')).toThrow(UsageError);
    expect(() => toolPatterns(['mcp/fs'], '--allowed-tools')).toThrow(/not a tool name or glob/);
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
