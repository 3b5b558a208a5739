// Answers to approval requests and cancel requests reach a waiting Run as DBOS messages on
// one topic, so a Run can wait for a person for days without a process: the wait is a
// `DBOS.recv` of its workflow (recorded, so a replay sees the same answers in the same order).
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { ApprovalAnswer, Approver } from '../core.js';
import { outsideWorkflows } from './asyncContext.js';
import type { DurableExecution } from './durableExecution.js';

export const CONTROL_TOPIC = 'tinyagent.control';
/** Each wait is one recv of at most this long; the next one follows (a Run waits forever). */
const RECV_SECONDS = 3600;

/** A message to a Run's workflow. */
export type ControlMessage = { type: 'approval'; callId: string; approved: boolean; reason?: string } | { type: 'cancel'; reason: string };

/** Sends `message` to Run `workflowId` from outside any workflow. */
export function sendControl(workflowId: string, message: ControlMessage): Promise<void> {
  return outsideWorkflows(() => DBOS.send(workflowId, message, CONTROL_TOPIC));
}

/**
 * The approver of a durable Run: waits for the answer to a call on the Run's messages. An
 * answer to another call is kept for that call; a cancel request cancels the Run.
 */
export function messageApprover(execution: DurableExecution): Approver {
  const early = new Map<string, ApprovalAnswer>();
  return async (request, { signal }) => {
    for (;;) {
      const kept = early.get(request.callId);
      if (kept !== undefined) return kept;
      if (signal.aborted) throw signal.reason;
      const message = await execution.inWorkflow(() => DBOS.recv<ControlMessage>(CONTROL_TOPIC, RECV_SECONDS));
      if (message === null) continue;
      if (message.type === 'cancel') {
        execution.cancel(message.reason);
        // The Run's CANCEL stops this wait; it does not ask again.
        if (!signal.aborted) await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
        throw signal.reason;
      }
      early.set(message.callId, message.reason === undefined ? message.approved : { approved: message.approved, reason: message.reason });
    }
  };
}
