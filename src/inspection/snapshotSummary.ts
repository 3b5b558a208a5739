// What an inspection record says about a snapshot: status, state value, output or error, and a
// context summary. The Run's context holds its provider, tools, session store and whole
// transcript; a record keeps counters and the current batch instead, so that a long Run does
// not write its transcript again on every step (the transcript is in the session already).
import type { AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { runMachine } from '../../machines/run.machine.js';
import { toolCallMachine, type ToolCallContext } from '../../machines/toolCall.machine.js';
import type { RunContext } from '../../machines/run/runSteps.js';
import { toInspectable, type InspectableLimits } from './inspectable.js';

function runContextSummary(context: RunContext, limits: InspectableLimits): unknown {
  const { batch } = context;
  return toInspectable(
    {
      runId: context.runId,
      iterations: context.iterations,
      messageCount: context.transcript.length,
      cancelRequested: context.cancelRequested,
      outcome: context.outcome && { status: context.outcome.status, error: context.outcome.error },
      batch: batch && { iteration: batch.iteration, callIds: batch.calls.map((call) => call.id), running: batch.running(), settled: batch.settled },
      usage: context.usage,
      limits: context.limits,
    },
    limits,
  );
}

function toolCallContextSummary(context: ToolCallContext, limits: InspectableLimits): unknown {
  const { call } = context;
  return toInspectable(
    { callId: call.id, toolName: call.name, arguments: call.arguments, iteration: context.iteration, index: context.index, result: context.result },
    limits,
  );
}

const summaries = new Map<AnyStateMachine, (context: never, limits: InspectableLimits) => unknown>([
  [runMachine, runContextSummary],
  [toolCallMachine, toolCallContextSummary],
]);

/** A bounded, JSON-safe view of any actor snapshot (machine snapshots get their value and context). */
export function snapshotSummary(snapshot: unknown, limits: InspectableLimits): Record<string, unknown> {
  if (typeof snapshot !== 'object' || snapshot === null) return { status: 'active' };
  const { status, output, error } = snapshot as { status?: unknown; output?: unknown; error?: unknown };
  const summary: Record<string, unknown> = { status: typeof status === 'string' ? status : 'active' };
  if ('machine' in snapshot && 'value' in snapshot) {
    const machineSnapshot = snapshot as AnyMachineSnapshot;
    summary.value = toInspectable(machineSnapshot.value, limits);
    const summarize = summaries.get(machineSnapshot.machine);
    summary.context = summarize ? summarize(machineSnapshot.context as never, limits) : toInspectable(machineSnapshot.context, limits);
  }
  if (output !== undefined) summary.output = toInspectable(output, limits);
  if (error !== undefined) summary.error = toInspectable(error, limits);
  return summary;
}
