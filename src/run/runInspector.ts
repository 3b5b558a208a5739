// The file inspector with the Run's own context summaries injected: inspection records keep a
// Run's counters and current batch instead of its whole conversation (the conversation is in
// the session already), and a ToolCall's call and result.
import type { AnyMachineSnapshot } from 'xstate';
import type { RunContext } from '../../machines/run/runContext.js';
import type { ToolCallContext } from '../../machines/toolCall.machine.js';
import { createFileInspector as createPlainFileInspector, type FileInspector, type FileInspectorOptions } from '../inspection/fileInspector.js';

function runContextSummary(context: RunContext): unknown {
  const { batch } = context;
  return {
    runId: context.runId,
    iterations: context.iterations,
    messageCount: context.history.length + context.messages.length,
    persistedCount: context.persistedCount,
    seq: context.seq,
    cancelRequested: context.cancelRequested,
    outcome: context.outcome && { status: context.outcome.status, error: context.outcome.error },
    batch: batch && {
      iteration: batch.iteration,
      callIds: batch.calls.map((call) => call.id),
      running: batch.running,
      settled: batch.results.every((result) => result !== null),
    },
    usage: context.usage,
    limits: context.limits,
  };
}

function toolCallContextSummary(context: ToolCallContext): unknown {
  const { call } = context;
  return { callId: call.id, toolName: call.name, arguments: call.arguments, iteration: context.iteration, index: context.index, result: context.result };
}

/**
 * Summarises the contexts of the Run and ToolCall machines for inspection records.
 * @example
 * import { createFileInspector as createPlainFileInspector } from '../inspection/fileInspector.js';
 * createPlainFileInspector({ path: 'runs/run.jsonl', summarizeContext: summarizeRunContexts })
 */
export function summarizeRunContexts(snapshot: AnyMachineSnapshot): unknown {
  // By id: each environment binds its own copies of the machines (machine.provide).
  const id = (snapshot.machine as { id?: unknown } | undefined)?.id;
  if (id === 'run') return runContextSummary(snapshot.context as RunContext);
  if (id === 'toolCall') return toolCallContextSummary(snapshot.context as ToolCallContext);
  return undefined;
}

/**
 * Creates an inspector that writes a Run's inspection events as JSON lines to `path`.
 * Records are written in synchronous batches: everything up to a Run's end is on disk when the
 * Run ends; `await inspector.close()` writes the rest and closes the file.
 * @example
 * import { createRunActor, runToPromise } from 'tinyagent';
 * const inspector = createFileInspector({ path: 'runs/run.jsonl' });
 * const actor = createRunActor({ provider, tools, input: 'Go', inspect: inspector.inspect });
 * actor.start();
 * await runToPromise(actor);
 * await inspector.close();
 */
export function createFileInspector(options: FileInspectorOptions): FileInspector {
  return createPlainFileInspector({ summarizeContext: summarizeRunContexts, ...options });
}
