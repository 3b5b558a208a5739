// A request to cancel a Run, readable from any process without consuming anything: a tiny
// DBOS workflow named after the Run (`<workflowId>.cancel`) whose input is the reason.
// `DurableAgent.cancel` starts it (once: DBOS starts a workflow id once); the process that
// runs the Run finds it with one query a poll for all its Runs (`CancelWatcher`).
import { DBOS } from '@dbos-inc/dbos-sdk';
import { outsideWorkflows } from './asyncContext.js';

const CANCEL_WORKFLOW = 'tinyagent.cancelRequest';
const POLL_MS = 250;

/** The id of the cancel request of Run `workflowId`. */
export const cancelRequestId = (workflowId: string) => `${workflowId}.cancel`;

let cancelRequest: ((reason: string) => Promise<string>) | undefined;

/** Registers the cancel-request workflow (before DBOS.launch, once a process). */
export function registerCancelRequests(): void {
  cancelRequest ??= DBOS.registerWorkflow(async (reason: string) => reason, { name: CANCEL_WORKFLOW });
}

/** Records that Run `workflowId` is to be cancelled with `reason` (a second request keeps the first reason). */
export async function requestCancel(workflowId: string, reason: string): Promise<void> {
  if (!cancelRequest) throw new Error('registerDurableAgent registers the cancel request; call it before DBOS.launch()');
  const handle = await outsideWorkflows(() => DBOS.startWorkflow(cancelRequest!, { workflowID: cancelRequestId(workflowId) })(reason));
  await handle.getResult();
}

type Listener = (reason: string) => void;

/** Watches the cancel requests of the Runs this process runs: one query each poll, while any runs. */
class CancelWatcher {
  readonly #listeners = new Map<string, Listener>();
  #timer: NodeJS.Timeout | undefined;
  #polling = false;

  /** Calls `listener` once when Run `workflowId` gets a cancel request; resolves after the first check. */
  async watch(workflowId: string, listener: Listener): Promise<() => void> {
    this.#listeners.set(workflowId, listener);
    await this.#check([workflowId]);
    if (this.#listeners.has(workflowId)) this.#schedule();
    return () => this.#listeners.delete(workflowId);
  }

  #schedule(): void {
    if (this.#timer || this.#listeners.size === 0) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      if (this.#polling) return this.#schedule();
      this.#polling = true;
      void this.#check([...this.#listeners.keys()]).finally(() => {
        this.#polling = false;
        this.#schedule();
      });
    }, POLL_MS);
    this.#timer.unref();
  }

  async #check(workflowIds: string[]): Promise<void> {
    if (workflowIds.length === 0) return;
    let found;
    try {
      found = await outsideWorkflows(() => DBOS.listWorkflows({ workflowIDs: workflowIds.map(cancelRequestId), loadInput: true }));
    } catch {
      return; // DBOS is shutting down or the database is away: the next poll tries again.
    }
    for (const status of found) {
      const workflowId = status.workflowID.slice(0, -'.cancel'.length);
      const listener = this.#listeners.get(workflowId);
      if (!listener) continue;
      this.#listeners.delete(workflowId);
      listener(String(status.input?.[0] ?? 'cancelled'));
    }
  }
}

/** The process's one watcher. */
export const cancelWatcher = new CancelWatcher();
