// What an inspection record says about a snapshot: status, state value, output or error, and a
// context summary. The inspector knows no machine: a summariser passed in (createFileInspector's
// `summarizeContext`) may give a shorter view of a machine's context (a Run's summary keeps
// counters and the current batch instead of the whole conversation); otherwise the context is
// written as bounded JSON.
import type { AnyMachineSnapshot } from 'xstate';
import { toInspectable, type InspectableLimits } from './inspectable.js';

/** A machine's context as inspection records show it; `undefined` means "write it as it is". */
export type ContextSummarizer = (snapshot: AnyMachineSnapshot) => unknown;

/**
 * A bounded, JSON-safe view of any actor snapshot (machine snapshots get their value and context).
 * @example
 * import { createActor, createMachine } from 'xstate';
 * import { DEFAULT_INSPECTABLE_LIMITS } from './inspectable.js';
 * const actor = createActor(createMachine({ initial: 'idle', states: { idle: {} } })).start();
 * snapshotSummary(actor.getSnapshot(), DEFAULT_INSPECTABLE_LIMITS).status // 'active'
 */
export function snapshotSummary(snapshot: unknown, limits: InspectableLimits, summarize?: ContextSummarizer): Record<string, unknown> {
  if (typeof snapshot !== 'object' || snapshot === null) return { status: 'active' };
  const { status, output, error } = snapshot as { status?: unknown; output?: unknown; error?: unknown };
  const summary: Record<string, unknown> = { status: typeof status === 'string' ? status : 'active' };
  if ('machine' in snapshot && 'value' in snapshot) {
    const machineSnapshot = snapshot as AnyMachineSnapshot;
    summary.value = toInspectable(machineSnapshot.value, limits);
    const summarized = summarize?.(machineSnapshot);
    summary.context = toInspectable(summarized === undefined ? machineSnapshot.context : summarized, limits);
  }
  if (output !== undefined) summary.output = toInspectable(output, limits);
  if (error !== undefined) summary.error = toInspectable(error, limits);
  return summary;
}
