// The agent's tools as durable steps. Each call is one DBOS step; a replay returns its
// recorded result. DBOS re-runs a step that was in flight at a crash, so effects are honoured
// here: a `'once'` call first records (as its own step) that this execution is about to run it;
// if that record came from an earlier execution, the call may have started and its step
// answers `interrupted` instead of running the tool again. `'none'` and `'idempotent'` calls
// run again, with the same `ToolContext.idempotencyKey`.
import { ToolErrorCode } from '../codes.js';
import { errorResult } from '../tools/calls/errorResult.js';
import { runTool } from '../tools/calls/runTool.js';
import { asRuntimeResult } from '../tools/calls/runtimeResult.js';
import { notStartedResult } from '../tools/cancelledResults.js';
import { ToolRegistry } from '../tools/registry.js';
import type { Tool, ToolContext, ToolEffects, ToolResult } from '../types.js';
import type { DurableExecution } from './durableExecution.js';

/** The result of a `'once'` call whose step was cut: it is never run again. */
export function interruptedOnceResult(toolName: string): ToolResult {
  return errorResult(
    ToolErrorCode.interrupted,
    `Interrupted: the worker running "${toolName}" stopped while this call may have been running. ` +
      'Its effects are "once", so it is not run again: it may or may not have taken effect.',
  );
}

const effectsOf = (tool: Tool): ToolEffects => tool.effects ?? (tool.readOnly === true ? 'none' : 'once');

function contextWith(ctx: ToolContext, signal: AbortSignal): ToolContext {
  return { runId: ctx.runId, callId: ctx.callId, toolName: ctx.toolName, iteration: ctx.iteration, idempotencyKey: ctx.idempotencyKey, signal: AbortSignal.any([ctx.signal, signal]) };
}

async function runDurably(tool: Tool, args: Record<string, unknown>, ctx: ToolContext, execution: DurableExecution): Promise<ToolResult> {
  const label = `tool ${ctx.iteration}/${ctx.callId} ${ctx.toolName}`;
  let startedBy = execution.token;
  if (effectsOf(tool) === 'once') {
    const started = await execution.step(`${label} started`, async () => execution.token, 'skip');
    if ('skipped' in started) return notStartedResult();
    startedBy = started.value;
  }
  const outcome = await execution.step(
    label,
    async (signal) => (startedBy === execution.token ? runTool(tool, args, contextWith(ctx, signal)) : interruptedOnceResult(ctx.toolName)),
    'skip',
  );
  return 'skipped' in outcome ? notStartedResult() : outcome.value;
}

/**
 * A registry of `tools` whose `execute` runs as durable steps of the execution of its Run
 * (found by `ctx.runId`, the workflow id). Built once per agent and process.
 */
export function durableTools(tools: ToolRegistry, executionOf: (runId: string) => DurableExecution): ToolRegistry {
  return new ToolRegistry(
    tools.list().map((tool) => ({
      ...tool,
      effects: effectsOf(tool),
      execute: async (args: Record<string, unknown>, ctx: ToolContext) => asRuntimeResult(await runDurably(tool, args, ctx, executionOf(ctx.runId))),
    })),
  );
}
