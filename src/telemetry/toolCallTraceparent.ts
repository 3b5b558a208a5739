// The trace context of the tool calls running now, by Run and call id, so that code a tool
// runs (an MCP request, a sub-agent's Run) can continue the call's trace. Filled by the
// agent's tracer while a call's `execute_tool` span is open; empty without telemetry.
import type { ToolContext } from '../types.js';

const openCalls = new Map<string, string>();
const keyOf = (runId: string, callId: string) => `${runId}\n${callId}`;

/** Records the `traceparent` of a call whose span opened. */
export function rememberToolCallTraceparent(runId: string, callId: string, traceparent: string): void {
  openCalls.set(keyOf(runId, callId), traceparent);
}

/** Forgets a call whose span ended. */
export function forgetToolCallTraceparent(runId: string, callId: string): void {
  openCalls.delete(keyOf(runId, callId));
}

/**
 * The W3C `traceparent` of the `execute_tool` span of the call `ctx` belongs to, while it runs;
 * undefined when the agent has no telemetry. Pass it on: as MCP's `params._meta.traceparent`,
 * or as `agent.run(input, { traceparent })` of a sub-agent, whose Run then nests under the call.
 * @example
 * import { createAgent, type Tool } from 'tinyagent';
 * const helper = createAgent({ provider, telemetry: {} });
 * const delegate: Tool<{ task: string }> = {
 *   name: 'delegate',
 *   description: 'Hands a task to a helper agent',
 *   parameters: { type: 'object', properties: { task: { type: 'string' } }, required: ['task'] },
 *   execute: async ({ task }, ctx) => (await helper.run(task, { traceparent: toolCallTraceparent(ctx) })).text ?? '',
 * };
 */
export function toolCallTraceparent(ctx: Pick<ToolContext, 'runId' | 'callId'>): string | undefined {
  return openCalls.get(keyOf(ctx.runId, ctx.callId));
}
