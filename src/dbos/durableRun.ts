// The body of a Run's workflow: the agent's Run, with its provider requests, tool calls and
// session writes as steps and its events written to the workflow's stream. A replay after a
// crash runs this again; the steps that finished return what they recorded, in the same order.
import { DBOS } from '@dbos-inc/dbos-sdk';
import type { AgentParts } from '../agent/agentParts.js';
import { createRunActor } from '../run/createRunActor.js';
import { runEvents, runToPromise } from '../run/runEvents.js';
import type { ToolRegistry } from '../tools/registry.js';
import type { RunOutput } from '../types.js';
import { messageApprover } from './controlMessages.js';
import { DurableExecution } from './durableExecution.js';
import { durableProvider, durableSessionStore, loadHistory } from './durableSession.js';

/** The stream of a Run's workflow that holds its RunEvents. */
export const EVENTS_STREAM = 'tinyagent.events';

/** What `start` passes to the workflow (JSON). */
export interface DurableRunInput {
  input: string;
  sessionId?: string;
}

/** The parts of an agent the workflow runs with, its tools already durable. */
export interface DurableAgentParts extends AgentParts {
  durableTools: ToolRegistry;
}

const executions = new Map<string, DurableExecution>();

/** The execution of Run `runId` in this process. */
export function executionOf(runId: string): DurableExecution {
  const execution = executions.get(runId);
  if (!execution) throw new Error(`Run ${runId} has no durable execution in this process`);
  return execution;
}

/** Runs one Run as the current workflow (its id is the Run's id) and returns its RunOutput. */
export async function runDurableWorkflow(parts: DurableAgentParts, { input, sessionId }: DurableRunInput): Promise<RunOutput> {
  const execution = new DurableExecution(await DBOS.now());
  executions.set(execution.workflowId, execution);
  const writes: Promise<void>[] = [];
  try {
    const history = sessionId === undefined ? [] : await loadHistory(parts.store, sessionId, execution);
    const actor = createRunActor({
      provider: durableProvider(parts.provider, execution),
      tools: parts.durableTools,
      input,
      history,
      session: sessionId === undefined ? undefined : { store: durableSessionStore(parts.store, history.length, execution), sessionId },
      limits: parts.limits,
      signal: execution.runSignal,
      now: execution.now,
      runId: execution.workflowId,
      instructions: parts.instructions,
      approve: parts.approve ? durableApprover(parts.approve, execution) : messageApprover(execution),
    });
    // writeStream takes its step id when called, so each event is written as it is emitted.
    runEvents(actor).subscribe((event) => writes.push(execution.inWorkflow(() => DBOS.writeStream(EVENTS_STREAM, event))));
    actor.start();
    const output = await runToPromise(actor);
    await Promise.all(writes);
    await DBOS.closeStream(EVENTS_STREAM);
    return output;
  } finally {
    await Promise.allSettled(writes);
    await execution.close();
    executions.delete(execution.workflowId);
  }
}

/** An application's own approver, each answer recorded as a step. */
function durableApprover(approve: NonNullable<AgentParts['approve']>, execution: DurableExecution): NonNullable<AgentParts['approve']> {
  return async (request, options) => {
    const outcome = await execution.step(`approval ${request.iteration}/${request.callId}`, async () => approve(request, options), 'skip');
    if ('skipped' in outcome) throw new DOMException('The Run was cancelled before this approval', 'AbortError');
    return outcome.value;
  };
}
