// DBOS knows which workflow a call belongs to from its AsyncLocalStorage context. A Run's
// actor may be woken from outside that context (a cancel found by the process-wide watcher),
// so every durable operation runs inside the context captured when the workflow started, and
// the watcher's own polls run outside any workflow (they must not take workflow step ids).
import { AsyncLocalStorage } from 'node:async_hooks';

/** Runs a function in the context that was current when it was captured. */
export type ContextRunner = <R>(fn: () => R) => R;

/**
 * Captures the current async context (call it inside the workflow function).
 * @example
 * import { DBOS } from '@dbos-inc/dbos-sdk';
 * const inWorkflow = captureContext();
 * await inWorkflow(() => DBOS.runStep(async () => 'done', { name: 'step' }));
 */
export function captureContext(): ContextRunner {
  const run = AsyncLocalStorage.snapshot();
  return (fn) => run(fn);
}

/**
 * Runs `fn` outside every workflow: the context of this module's loading.
 * @example
 * import { DBOS } from '@dbos-inc/dbos-sdk';
 * await outsideWorkflows(() => DBOS.listWorkflows({ workflowIDs: ['run-1'] }));
 */
export const outsideWorkflows: ContextRunner = captureContext();
