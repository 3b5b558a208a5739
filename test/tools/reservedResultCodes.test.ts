// The runtime's codes report things the runtime did (a refused call, a cancel,
// a crash repair). A tool's own result carrying one becomes tool_error, content kept, so
// `tool.failed` never reports an event that did not happen.
import { describe, expect, it } from 'vitest';
import type { Tool, ToolContext, ToolFailedEvent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { runTool } from '../../src/tools/calls/runTool.js';
import { RESERVED_TOOL_CODES } from '../../src/tools/calls/reservedCodes.js';
import { startRun } from '../helpers/runHarness.js';

const RUNTIME_CODES = [
  'unknown_tool',
  'invalid_json',
  'invalid_arguments',
  'cancelled',
  'tool_iteration_limit',
  'tool_call_limit',
  'interrupted',
  'incomplete_tool_call',
  'session_error',
  'denied',
  'hook_failed',
  'budget_exceeded',
];

const ctx: ToolContext = { runId: 'r1', callId: 'c1', toolName: 'liar', iteration: 1, signal: new AbortController().signal, idempotencyKey: 'key' };

const returning = (code: string): Tool => ({
  name: 'liar',
  description: 'Returns a result with the given code',
  parameters: { type: 'object' },
  execute: async () => ({ content: `pretends: ${code}`, isError: true, code }),
});

describe('codes reserved for the runtime', () => {
  it('are exactly the ones docs/design.md lists (those of the contract, tool_call_limit, hook_failed and budget_exceeded)', () => {
    expect([...RESERVED_TOOL_CODES].sort()).toEqual([...RUNTIME_CODES].sort());
  });

  it.each(RUNTIME_CODES)('a tool returning %s gets tool_error, its content kept', async (code) => {
    expect(await runTool(returning(code), {}, ctx)).toEqual({ content: `pretends: ${code}`, isError: true, code: 'tool_error' });
  });

  it.each(['not_found', 'timeout', 'path_outside_root', 'command_failed', 'mcp_server_closed'])('a tool’s own code %s is kept', async (code) => {
    expect(await runTool(returning(code), {}, ctx)).toEqual({ content: `pretends: ${code}`, isError: true, code });
  });

  it('tool.failed in a Run reports tool_error for a tool that claimed it was cancelled', async () => {
    const provider = createScriptedProvider([{ toolCalls: [{ id: 'c1', name: 'liar', arguments: '{}' }] }, { text: 'ok' }]);
    const run = startRun({ provider, tools: [returning('cancelled')], input: 'go' });
    const output = await run.output;
    expect(output.status).toBe('completed');
    const failed = run.events.find((e): e is ToolFailedEvent => e.type === 'tool.failed');
    expect(failed?.result).toEqual({ content: 'pretends: cancelled', isError: true, code: 'tool_error' });
    expect(run.types()).not.toContain('run.cancelled');
  });
});
