// The CLI's permission flags and settings files as rules (split, hidden tools, unmatched rules, settings files),
// and the visible rendering of control characters: checked directly, without a process.
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/index.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CliPermissions, ruleList } from '../../src/cli/tools/permissionRules.js';
import { mergeRuleLists, readSettingsRules, settingsFiles, type RuleLists } from '../../src/cli/tools/permissionSettings.js';
import { UsageError } from '../../src/cli/usageError.js';
import { jsonLine, visibleControls } from '../../src/cli/render/visibleControls.js';

describe('ruleList', () => {
  it('splits on commas and spaces outside parentheses, across repeated flags', () => {
    expect(ruleList(['read_file, mcp__fs__*', 'shell(git log *) list_files'])).toEqual(['read_file', 'mcp__fs__*', 'shell(git log *)', 'list_files']);
  });
});

const lists = (rules: Partial<RuleLists>): RuleLists => ({ allow: [], ask: [], deny: [], ...rules });

describe('CliPermissions', () => {
  it('hides the tools a deny rule without a specifier names, and only those', () => {
    const rules = new CliPermissions(lists({ deny: ['mcp__fs__*', 'shell(rm *)'] }), '/srv/repo');
    expect(['mcp__fs__write_file', 'mcp__git__log', 'shell'].filter((name) => rules.hides(name))).toEqual(['mcp__fs__write_file']);
  });

  it('hands the rules to the agent as they were given, and names the rules that match no tool', () => {
    expect(new CliPermissions(lists({}), '/').empty).toBe(true);
    const rules = new CliPermissions(lists({ allow: ['shel', 'shell(ls *)'], ask: ['read_file'], deny: ['mcp__nope__*'] }), '/');
    expect(rules.rules).toEqual({ allow: ['shel', 'shell(ls *)'], ask: ['read_file'], deny: ['mcp__nope__*'] });
    expect(rules.unmatched(['shell', 'read_file'])).toEqual(['shel', 'mcp__nope__*']);
  });

  it('refuses a rule it cannot read, quoting it', () => {
    expect(() => new CliPermissions(lists({ allow: ['shell('] }), '/')).toThrow(ConfigurationError);
  });
});

describe('settings files', () => {
  it('are the user’s (XDG_CONFIG_HOME, else ~/.config) and the project’s', () => {
    expect(settingsFiles('/srv/repo', { HOME: '/home/me' })).toEqual(['/home/me/.config/tinyagent/settings.json', '/srv/repo/.tinyagent/settings.json']);
    expect(settingsFiles('/srv/repo', { HOME: '/home/me', XDG_CONFIG_HOME: '/cfg' })[0]).toBe('/cfg/tinyagent/settings.json');
  });

  it('give their permissions lists; a missing file gives none; the lists of all sources are concatenated', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tinyagent-settings-'));
    const file = path.join(dir, 'settings.json');
    expect(readSettingsRules(file)).toEqual(lists({}));
    writeFileSync(file, JSON.stringify({ model: 'x', permissions: { allow: ['read_file'], deny: ['shell(rm *)'] } }));
    const project = readSettingsRules(file);
    expect(project).toEqual(lists({ allow: ['read_file'], deny: ['shell(rm *)'] }));
    expect(mergeRuleLists([project, lists({ ask: ['shell(git push*)'], deny: ['mcp__github__*'] })])).toEqual({
      allow: ['read_file'],
      ask: ['shell(git push*)'],
      deny: ['shell(rm *)', 'mcp__github__*'],
    });
  });

  it.each([
    ['{ not json', 'is not a JSON settings file'],
    ['[]', 'must hold a JSON object'],
    ['{"permissions": ["read_file"]}', 'permissions must be an object'],
    ['{"permissions": {"allowed": ["read_file"]}}', 'has no list "allowed"'],
    ['{"permissions": {"deny": "shell"}}', 'permissions.deny must be an array'],
  ])('refuse %s with a usage error naming the file', (text, message) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'tinyagent-settings-')), 'settings.json');
    writeFileSync(file, text);
    expect(() => readSettingsRules(file)).toThrow(UsageError);
    expect(() => readSettingsRules(file)).toThrow(message);
    expect(() => readSettingsRules(file)).toThrow(file);
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
