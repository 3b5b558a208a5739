// Hooks and permission rules in real Runs, table-driven: the order (deny rules, then ask, then
// allow, then the tool's own needsApproval, with beforeToolCall first), globs, paths normalised
// against the root, compound shell commands, rewritten arguments validated again, failing hooks.
import { describe, expect, it } from 'vitest';
import type { AgentHooks, PermissionRules, RunEvent, Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call, startRun } from '../helpers/runHarness.js';

const executed: { tool: string; args: Record<string, unknown> }[] = [];

function tool(name: string, extra: Partial<Tool> = {}): Tool {
  return {
    name,
    description: `The ${name} tool`,
    parameters: { type: 'object', properties: { command: { type: 'string' }, path: { type: 'string' } }, additionalProperties: false },
    execute: async (args) => {
      executed.push({ tool: name, args });
      return 'ran';
    },
    ...extra,
  };
}

const tools: Tool[] = [
  tool('exec', { permissionArgument: { name: 'command', kind: 'command' } }),
  tool('guarded_exec', { permissionArgument: { name: 'command', kind: 'command' }, needsApproval: true }),
  tool('read', { permissionArgument: { name: 'path', kind: 'path' } }),
  tool('guarded', { needsApproval: true }),
  tool('mcp__github__delete_repo'),
  tool('mcp__gitlab__delete_repo'),
];

type Outcome = 'ran' | 'asked' | 'denied' | 'invalid_arguments';

interface Row {
  name: string;
  tool: string;
  args?: Record<string, unknown>;
  permissions?: PermissionRules;
  hooks?: AgentHooks;
  expected: Outcome;
  /** What the model is told (part of the result's content). */
  says?: string;
  /** What the tool ran with, when not the model's arguments. */
  ranWith?: Record<string, unknown>;
}

const rows: Row[] = [
  // Rule order
  { name: 'no rules: a tool without needsApproval runs', tool: 'exec', args: { command: 'ls' }, expected: 'ran' },
  { name: 'no rules: needsApproval asks', tool: 'guarded', expected: 'asked' },
  { name: 'a bare deny rule refuses every call', tool: 'exec', args: { command: 'ls' }, permissions: { deny: ['exec'] }, expected: 'denied', says: 'deny rule "exec"' },
  { name: 'deny beats a narrower allow', tool: 'exec', args: { command: 'git push' }, permissions: { allow: ['exec(git push)'], deny: ['exec(git *)'] }, expected: 'denied' },
  { name: 'ask beats allow', tool: 'exec', args: { command: 'git push origin' }, permissions: { allow: ['exec(git *)'], ask: ['exec(git push*)'] }, expected: 'asked' },
  { name: 'an ask rule asks even without needsApproval', tool: 'exec', args: { command: 'git status' }, permissions: { ask: ['exec'] }, expected: 'asked' },
  { name: 'allow skips needsApproval', tool: 'guarded', permissions: { allow: ['guarded'] }, expected: 'ran' },
  { name: 'no matching rule: needsApproval decides', tool: 'guarded', permissions: { allow: ['exec'] }, expected: 'asked' },
  // Globs
  { name: 'mcp__github__* matches the server’s tools', tool: 'mcp__github__delete_repo', permissions: { deny: ['mcp__github__*'] }, expected: 'denied' },
  { name: 'mcp__github__* does not match another server', tool: 'mcp__gitlab__delete_repo', permissions: { deny: ['mcp__github__*'] }, expected: 'ran' },
  { name: 'npm run * matches npm run test', tool: 'guarded_exec', args: { command: 'npm run test' }, permissions: { allow: ['guarded_exec(npm run *)'] }, expected: 'ran' },
  // Paths, normalised against the root
  ...['secret.txt', './secret.txt', 'a/../secret.txt', '/repo/secret.txt'].map(
    (path): Row => ({ name: `read_file(./secret.txt) matches ${path}`, tool: 'read', args: { path }, permissions: { deny: ['read(./secret.txt)'] }, expected: 'denied' }),
  ),
  { name: 'a path rule does not match a neighbour', tool: 'read', args: { path: 'secret.txt.bak' }, permissions: { deny: ['read(./secret.txt)'] }, expected: 'ran' },
  { name: 'a folder rule matches what is below it', tool: 'read', args: { path: 'keys/id_rsa' }, permissions: { deny: ['read(keys)'] }, expected: 'denied' },
  { name: '**/*.pem matches at any depth', tool: 'read', args: { path: 'a/b/c.pem' }, permissions: { deny: ['read(**/*.pem)'] }, expected: 'denied' },
  // Compound shell commands
  { name: 'every part allowed: runs', tool: 'guarded_exec', args: { command: 'npm run test && git status' }, permissions: { allow: ['guarded_exec(npm run *)', 'guarded_exec(git status)'] }, expected: 'ran' },
  { name: 'a part without an allow rule: asks', tool: 'guarded_exec', args: { command: 'npm run test && rm -rf build' }, permissions: { allow: ['guarded_exec(npm run *)'] }, expected: 'asked' },
  { name: 'a piped part without an allow rule: asks', tool: 'guarded_exec', args: { command: 'npm run test; curl x | sh' }, permissions: { allow: ['guarded_exec(npm run *)'] }, expected: 'asked' },
  { name: 'a denied part denies the whole line', tool: 'exec', args: { command: 'npm run build && rm -rf dist' }, permissions: { allow: ['exec(npm run *)'], deny: ['exec(rm *)'] }, expected: 'denied' },
  { name: 'a leading assignment does not hide the command', tool: 'exec', args: { command: 'CI=1 rm -rf build' }, permissions: { deny: ['exec(rm *)'] }, expected: 'denied' },
  { name: 'command substitution is never allowed', tool: 'guarded_exec', args: { command: 'npm run $(rm -rf x)' }, permissions: { allow: ['guarded_exec(npm run *)'] }, expected: 'asked' },
  { name: 'a redirection is never allowed', tool: 'guarded_exec', args: { command: 'npm run test > ~/.bashrc' }, permissions: { allow: ['guarded_exec'] }, expected: 'asked' },
  // beforeToolCall, and where it meets the rules
  { name: 'hook deny refuses with its reason', tool: 'exec', args: { command: 'ls' }, hooks: { beforeToolCall: () => ({ decision: 'deny', reason: 'Not on Fridays' }) }, expected: 'denied', says: 'Not on Fridays' },
  { name: 'hook deny beats an allow rule', tool: 'exec', args: { command: 'ls' }, permissions: { allow: ['exec'] }, hooks: { beforeToolCall: () => ({ decision: 'deny' }) }, expected: 'denied' },
  { name: 'hook allow skips needsApproval', tool: 'guarded', hooks: { beforeToolCall: () => ({ decision: 'allow' }) }, expected: 'ran' },
  { name: 'hook allow does not skip a deny rule', tool: 'exec', args: { command: 'ls' }, permissions: { deny: ['exec'] }, hooks: { beforeToolCall: () => ({ decision: 'allow' }) }, expected: 'denied' },
  { name: 'hook allow does not skip an ask rule', tool: 'exec', args: { command: 'ls' }, permissions: { ask: ['exec'] }, hooks: { beforeToolCall: () => ({ decision: 'allow' }) }, expected: 'asked' },
  { name: 'hook ask asks even without needsApproval', tool: 'exec', args: { command: 'ls' }, hooks: { beforeToolCall: () => ({ decision: 'ask' }) }, expected: 'asked' },
  { name: 'hook ask beats an allow rule', tool: 'exec', args: { command: 'ls' }, permissions: { allow: ['exec'] }, hooks: { beforeToolCall: () => ({ decision: 'ask' }) }, expected: 'asked' },
  { name: 'no opinion: the rules decide', tool: 'guarded', permissions: { allow: ['guarded'] }, hooks: { beforeToolCall: () => undefined }, expected: 'ran' },
  {
    name: 'rewritten arguments run',
    tool: 'exec',
    args: { command: 'rm -rf /' },
    hooks: { beforeToolCall: () => ({ arguments: { command: 'echo refused' } }) },
    expected: 'ran',
    ranWith: { command: 'echo refused' },
  },
  {
    name: 'the rules see the rewritten arguments',
    tool: 'exec',
    args: { command: 'ls' },
    permissions: { deny: ['exec(rm *)'] },
    hooks: { beforeToolCall: () => ({ decision: 'allow', arguments: { command: 'rm -rf /' } }) },
    expected: 'denied',
  },
  {
    name: 'arguments rewritten into invalid ones are refused',
    tool: 'exec',
    args: { command: 'ls' },
    hooks: { beforeToolCall: () => ({ decision: 'allow', arguments: { command: 42 } }) },
    expected: 'invalid_arguments',
    says: 'beforeToolCall hook rewrote the arguments',
  },
  {
    name: 'arguments rewritten into a non-object are refused',
    tool: 'exec',
    args: { command: 'ls' },
    hooks: { beforeToolCall: () => ({ arguments: 'ls' as unknown as Record<string, unknown> }) },
    expected: 'invalid_arguments',
  },
  {
    name: 'a throwing hook denies',
    tool: 'exec',
    args: { command: 'ls' },
    permissions: { allow: ['exec'] },
    hooks: {
      beforeToolCall: () => {
        throw new Error('policy server down');
      },
    },
    expected: 'denied',
    says: 'policy server down',
  },
  { name: 'a rejecting hook denies', tool: 'guarded', hooks: { beforeToolCall: () => Promise.reject(new Error('nope')) }, expected: 'denied' },
  { name: 'a malformed answer denies', tool: 'exec', args: { command: 'ls' }, hooks: { beforeToolCall: () => ({ decision: 'yes' }) as never }, expected: 'denied', says: '"yes"' },
];

async function runRow(row: Row) {
  executed.length = 0;
  const asked: string[] = [];
  const run = startRun({
    provider: createScriptedProvider([{ toolCalls: [call('c1', row.tool, row.args ?? {})] }, { text: 'done' }]),
    tools,
    input: 'go',
    permissions: row.permissions,
    permissionsRoot: '/repo',
    hooks: row.hooks,
    approve: (request) => {
      asked.push(request.callId);
      return true;
    },
  });
  const output = await run.output;
  const result = output.messages.find((message) => message.role === 'tool')!;
  return { run, asked, result };
}

const decided = (events: readonly RunEvent[]) => events.filter((event) => event.type === 'tool.hook_decided');

describe('hooks and permission rules decide each call', () => {
  it.each(rows)('$name', async (row) => {
    const { run, asked, result } = await runRow(row);
    const ran = executed.length === 1;
    const outcome: Outcome = result.code === 'invalid_arguments' ? 'invalid_arguments' : result.code === 'denied' ? 'denied' : asked.length > 0 ? 'asked' : 'ran';
    expect(outcome).toBe(row.expected);
    // Nothing runs that was not allowed; what was asked (and approved) ran.
    expect(ran).toBe(row.expected === 'ran' || row.expected === 'asked');
    if (row.says) expect(result.content).toContain(row.says);
    if (row.ranWith) expect(executed[0]!.args).toEqual(row.ranWith);
    // Every decision is an event: the hook's, when there is one, and the rules' when one decided.
    const events = decided(run.events);
    if (row.hooks?.beforeToolCall) expect(events[0]).toMatchObject({ type: 'tool.hook_decided', callId: 'c1', hook: 'beforeToolCall' });
    const byRules = events.filter((event) => event.type === 'tool.hook_decided' && event.hook === 'permissions');
    for (const event of byRules) expect(event).toMatchObject({ callId: 'c1', decision: expect.stringMatching(/^(allow|ask|deny)$/), reason: expect.stringContaining('rule') });
    if (!row.permissions) expect(byRules).toEqual([]);
  });

  it('tells the event stream what each hook and rule decided, in order', async () => {
    const { run } = await runRow({
      name: 'events',
      tool: 'exec',
      args: { command: 'git push' },
      permissions: { ask: ['exec(git push*)'] },
      hooks: { beforeToolCall: () => ({ decision: 'allow', reason: 'known command' }), afterToolCall: () => ({ additionalContext: 'pushed' }) },
      expected: 'asked',
    });
    expect(decided(run.events).map((event) => event.type === 'tool.hook_decided' && [event.hook, event.decision, event.reason])).toEqual([
      ['beforeToolCall', 'allow', 'known command'],
      ['permissions', 'ask', 'Needs approval by the ask rule "exec(git push*)"'],
      ['afterToolCall', 'modified', undefined],
    ]);
    const types = run.types();
    expect(types.indexOf('tool.hook_decided')).toBeGreaterThan(types.indexOf('tool.started'));
    expect(types.lastIndexOf('tool.hook_decided')).toBeLessThan(types.indexOf('tool.completed'));
  });
});
