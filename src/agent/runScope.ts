// What a Run of an agent tells the code it starts (its tools, and the sub-agents they run)
// about itself, through the async context: its id and session, how deeply it is nested, the
// approver a sub-agent asks through, and where a sub-agent's events go (docs/agents-as-tools.md).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { CreateRunActorOptions } from '../run/createRunActor.js';
import type { RunEvent } from '../events/runEvent.js';

export interface RunScope {
  runId: string;
  sessionId: string | undefined;
  /** 0 for a Run no other Run started; a sub-agent's Run is one deeper than its parent. */
  depth: number;
  /**
   * The approver a sub-agent of this Run asks through: this Run's approver raced with APPROVE/DENY
   * sent to its actor. Absent when this Run has no approver (its sub-agents' requests are denied, as its own are).
   */
  approve: CreateRunActorOptions['approve'];
  /** Sends a sub-agent's event (tagged with its parent ids) to this Run's actor, which publishes it as its own. */
  publish: (event: RunEvent) => void;
}

const scopes = new AsyncLocalStorage<RunScope>();

/**
 * The scope of the Run whose code is running now, if any.
 * @example currentRunScope()?.depth // 0 inside a tool of a top-level Run
 */
export function currentRunScope(): RunScope | undefined {
  return scopes.getStore();
}

/**
 * Runs `work` (which starts a Run) in `scope`: everything it starts, tools included, sees it.
 * @example await inRunScope({ runId: 'r1', sessionId: undefined, depth: 0, approve: undefined, publish: () => {} }, async () => currentRunScope()?.runId) // 'r1'
 */
export function inRunScope<T>(scope: RunScope, work: () => T): T {
  return scopes.run(scope, work);
}
