// Tool.effects: what a resume may do with a call that may have started. Normalised when a tool
// is registered (default 'none' for readOnly, else 'once'), declared by the built-in tools, and
// ToolContext.idempotencyKey: the same string for one call on every attempt, in any process.
import { describe, expect, it } from 'vitest';
import { createAgent, createFileTools, createShellTool, createSkillTool, ToolRegistry, type ToolContext } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { idempotencyKeyFor } from '../../src/tools/idempotencyKey.js';
import { validTool } from '../helpers/validTool.js';

const effectsOf = (registry: ToolRegistry, name: string) => registry.snapshot().lookup(name)?.effects;

describe('Tool.effects', () => {
  it("defaults to 'none' for a readOnly tool and 'once' for any other; a declared value is kept", () => {
    const registry = new ToolRegistry([
      validTool({ name: 'reads', readOnly: true }),
      validTool({ name: 'writes' }),
      validTool({ name: 'puts', effects: 'idempotent' }),
      validTool({ name: 'reads_but_charges', readOnly: true, effects: 'once' }),
    ]);
    expect(['reads', 'writes', 'puts', 'reads_but_charges'].map((name) => effectsOf(registry, name))).toEqual(['none', 'once', 'idempotent', 'once']);
  });

  it('refuses any other value as invalid_tool_definition, and registers nothing', () => {
    const registry = new ToolRegistry();
    for (const effects of ['twice', true, null, 1]) {
      expect(() => registry.register(validTool({ effects }))).toThrow(expect.objectContaining({ code: 'invalid_tool_definition', message: expect.stringContaining('effects must be') }));
    }
    expect(registry.list()).toEqual([]);
  });

  it("is declared by the built-ins: file writes 'idempotent', shell 'once', reads and the skill tool 'none'", () => {
    const registry = new ToolRegistry([...createFileTools({ root: process.cwd(), write: true }), createShellTool({ cwd: process.cwd() }), createSkillTool([])]);
    expect(Object.fromEntries(registry.list().map((tool) => [tool.name, effectsOf(registry, tool.name)]))).toEqual({
      read_file: 'none',
      list_files: 'none',
      search_files: 'none',
      write_file: 'idempotent',
      edit_file: 'idempotent',
      shell: 'once',
      skill: 'none',
    });
  });
});

describe('ToolContext.idempotencyKey', () => {
  it('depends on the Run, the iteration and the call id only, and is short', () => {
    const key = idempotencyKeyFor('run-1', 1, 'call_0');
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(idempotencyKeyFor('run-1', 1, 'call_0')).toBe(key);
    expect(new Set([key, idempotencyKeyFor('run-2', 1, 'call_0'), idempotencyKeyFor('run-1', 2, 'call_0'), idempotencyKeyFor('run-1', 1, 'call_1')]).size).toBe(4);
  });

  it('is what a tool receives in a Run: the same call id in two iterations gets two keys', async () => {
    const seen: Pick<ToolContext, 'runId' | 'iteration' | 'callId' | 'idempotencyKey'>[] = [];
    const tool = validTool({
      name: 'charge',
      execute: async (_args: unknown, ctx: ToolContext) => {
        seen.push({ runId: ctx.runId, iteration: ctx.iteration, callId: ctx.callId, idempotencyKey: ctx.idempotencyKey });
        return 'charged';
      },
    });
    const call = { id: 'call_0', name: 'charge', arguments: '{"q":"x"}' };
    const agent = createAgent({ provider: createScriptedProvider([{ toolCalls: [call] }, { toolCalls: [call] }, { text: 'done' }]), tools: [tool] });
    const { runId } = await agent.run('charge twice');
    expect(seen.map((ctx) => ctx.idempotencyKey)).toEqual([idempotencyKeyFor(runId, 1, 'call_0'), idempotencyKeyFor(runId, 2, 'call_0')]);
    expect(seen.every((ctx) => ctx.runId === runId)).toBe(true);
  });
});
