// The Run (docs/design.md, "The Run"): ask the provider, execute the batch of tool calls it
// asked for (one child actor per call), persist the results, and repeat until the model
// answers, a limit is reached, the Run is cancelled or something fails. Events are emitted
// from these transitions. The context is data, replaced by `assign` only; what is not data
// (provider, tools, session store, clock) is read from the Run's environment.
import { assign, enqueueActions, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { errorResult } from '../src/tools/calls/errorResult.js';
import { RunErrorCode, ToolErrorCode } from '../src/codes.js';
import type { ProviderRespondedEvent, RunEvent, RunEventBase } from '../src/events/runEvent.js';
import { notStartedResult } from '../src/tools/cancelledResults.js';
import type { Message, RunOutput, ToolCallRequest } from '../src/types.js';
import { batchSettled, isLastOutstanding, openBatchProgress } from './run/batchProgress.js';
import { finishedCleanly, type NormalizedResponse } from './run/normalizeResponse.js';
import { callProvider, type ProviderTextDeltaEvent } from './run/providerActor.js';
import { initialRunContext, type RunContext, type RunMachineInput } from './run/runContext.js';
import { environmentOf } from './run/runEnvironment.js';
import { addUsage, buildRunOutput, cancelledOutcome, describeError, failedOutcome, type RunOutcome } from './run/runOutput.js';
import { isToolChildId, RunStep, toolChildId, type RunEnqueue } from './run/runSteps.js';
import { providerRequest } from './run/providerRequest.js';
import { sessionWriter, type SessionWriterReply } from './run/sessionWriter.js';
import { toolCallMachine, type ToolCallApprovalReport, type ToolCallOutput } from './toolCall.machine.js';

export type { RunMachineInput } from './run/runContext.js';

export type RunMachineEvent =
  | { type: 'CANCEL'; reason?: unknown }
  /** Sent by createRunActor to a Run restored from a snapshot (docs/design.md, "Snapshots"). */
  | { type: 'run.resumed' }
  /** A person's answer to an approval request (docs/design.md, "Approval"); unknown call ids are ignored. */
  | { type: 'APPROVE'; callId: string }
  | { type: 'DENY'; callId: string; reason?: string }
  | ToolCallApprovalReport
  | ProviderTextDeltaEvent
  | DoneActorEvent<NormalizedResponse, 'provider'>
  | SessionWriterReply
  | DoneActorEvent<ToolCallOutput>
  | ErrorActorEvent;

const responseOf = (event: RunMachineEvent) => (event as DoneActorEvent<NormalizedResponse>).output;
const outcomeIs =
  (status: RunOutcome['status']) =>
  ({ context }: { context: RunContext }) =>
    context.outcome?.status === status;
const cancelReasonOf = (event: RunMachineEvent) => (event.type === 'CANCEL' ? event.reason : undefined);

// The provider.responded event and the assistant message, recorded in `step`; returns the fields to assign.
function recordResponseIn(step: RunStep, response: NormalizedResponse): Partial<RunContext> {
  const { context } = step;
  const responded: Omit<ProviderRespondedEvent, keyof RunEventBase> = {
    type: 'provider.responded',
    text: response.text,
    toolCallCount: response.toolCalls.length,
    durationMs: step.environment.now() - context.requestedAt,
  };
  if (response.finishReason) responded.finishReason = response.finishReason;
  if (response.usage) responded.usage = response.usage;
  step.emit(responded);
  const assistant: Message = { role: 'assistant', content: response.text };
  if (response.toolCalls.length > 0) assistant.toolCalls = response.toolCalls;
  step.append(assistant);
  return { usage: addUsage(context.usage, response.usage), streamedText: '' };
}

// Opens the batch of `calls` in `step`; calls beyond limits.maxCallsPerResponse get an error result at once and never run.
function openBatchIn(step: RunStep, calls: readonly ToolCallRequest[]): void {
  const { context, environment } = step;
  const concurrent = calls.every((call) => environment.tools.lookup(call.name)?.parallelSafe === true);
  const max = context.limits.maxCallsPerResponse;
  step.batch = openBatchProgress(context.iterations + 1, calls, concurrent, max);
  if (calls.length <= max) return;
  const beyond = calls.map((_, index) => index).filter((index) => index >= max);
  const message = `Not run: the response asked for ${calls.length} tool calls, more than the ${max} one response may run.`;
  step.refuseBatchCalls(beyond, errorResult(ToolErrorCode.callLimit, message));
}

/** The Run machine. Create Runs with `createRunActor`, which binds their environment. */
export const runMachine = setup({
  types: {} as {
    context: RunContext;
    input: RunMachineInput;
    output: RunOutput;
    events: RunMachineEvent;
    emitted: RunEvent;
  },
  actors: { callProvider, sessionWriter, toolCall: toolCallMachine },
  guards: {
    cancelRequested: ({ context }) => context.cancelRequested,
    answeredWithoutTools: ({ event }) => responseOf(event).toolCalls.length === 0,
    iterationLimitReached: ({ context }) => context.iterations >= context.limits.maxIterations,
    responseIncomplete: ({ event }) => !finishedCleanly(responseOf(event)),
    batchSettled: ({ context }) => batchSettled(context.batch),
    resultClosesBatch: ({ context, event }) => isLastOutstanding(context.batch, (event as DoneActorEvent<ToolCallOutput>).output.index),
    noSession: ({ context }) => context.sessionId === undefined,
    // The ToolCall ids are bare indexes (toolChildId), so `xstate.error.actor.*` also matches the
    // Run's other children; their errors are not a call's.
    errorFromToolCall: ({ event }) => isToolChildId((event as ErrorActorEvent).actorId),
    outcomeIsCompleted: outcomeIs('completed'),
    outcomeIsFailed: outcomeIs('failed'),
  },
  actions: {
    announceStart: enqueueActions(({ context, enqueue, system }) => {
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.emit({ type: 'run.started', input: context.inputText });
      if (context.sessionId !== undefined) enqueue.spawnChild('sessionWriter', { id: 'sessionWriter', input: { sessionId: context.sessionId } });
      step.commit();
    }),
    // Messages not yet persisted go to the writer; without a session the reply is immediate.
    persistNewMessages: enqueueActions(({ context, enqueue }) => {
      const messages = context.messages.slice(context.persistedCount);
      if (context.sessionId === undefined || messages.length === 0) enqueue.raise({ type: 'session.persisted', count: messages.length });
      else enqueue.sendTo('sessionWriter', { type: 'session.write', messages });
    }),
    // A restored Run writes again what was being written when the snapshot was taken.
    resumeWrite: enqueueActions(({ context, enqueue }) => {
      const messages = context.messages.slice(context.persistedCount);
      if (context.sessionId === undefined || messages.length === 0) enqueue.raise({ type: 'session.persisted', count: messages.length });
      else enqueue.sendTo('sessionWriter', { type: 'session.write', messages, resumed: true });
    }),
    announceRequest: enqueueActions(({ context, enqueue, system }) => {
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      const requestedAt = step.environment.now();
      step.emit({ type: 'provider.requested', iterations: context.iterations, messageCount: context.history.length + context.messages.length });
      step.commit({ requestedAt, streamedText: '' });
    }),
    emitTextDelta: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'provider.textDelta') return;
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.emit({ type: 'text.delta', delta: event.delta });
      step.commit({ streamedText: context.streamedText + event.delta });
    }),
    recordResponse: enqueueActions(({ context, event, enqueue, system }) => {
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.commit(recordResponseIn(step, responseOf(event)));
    }),
    // One assignment for the transition that opens a batch: recording the response and opening it.
    recordResponseAndOpenBatch: enqueueActions(({ context, event, enqueue, system }) => {
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      const response = responseOf(event);
      const recorded = recordResponseIn(step, response);
      openBatchIn(step, response.toolCalls);
      step.commit({ usage: recorded.usage, streamedText: recorded.streamedText, iterations: context.iterations + 1 });
    }),
    forgetStreamedText: assign({ streamedText: '' }),
    recordAnswer: assign({ outcome: ({ event }) => ({ status: 'completed' as const, text: responseOf(event).text }) }),
    refuseOverLimit: enqueueActions(({ context, event, enqueue, system }) => {
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      const message = `Not run: the run reached its limit of ${context.limits.maxIterations} tool iterations.`;
      step.refuseResponseCalls(responseOf(event).toolCalls, errorResult(ToolErrorCode.iterationLimit, message));
      step.commit({
        outcome: { status: 'limit_reached', error: { code: RunErrorCode.iterationLimit, message: `Tool iteration limit (${context.limits.maxIterations}) reached` } },
      });
    }),
    refuseIncomplete: enqueueActions(({ context, event, enqueue, system }) => {
      const response = responseOf(event);
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      const message = `Not run: the model's response stopped early (finish reason "${response.finishReason}"), so this call may be incomplete.`;
      step.refuseResponseCalls(response.toolCalls, errorResult(ToolErrorCode.incompleteToolCall, message));
      step.commit({ iterations: context.iterations + 1 });
    }),
    startTools: enqueueActions(({ context, enqueue, system }) => {
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.startTools();
      step.commit();
    }),
    recordToolDone: enqueueActions(({ context, event, enqueue, system }) => {
      const done = event as DoneActorEvent<ToolCallOutput>;
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.recordToolOutput(done.output, done.actorId);
      step.commit();
    }),
    // One assignment for the result that closes the batch: record it, then append the batch's results.
    recordLastToolDone: enqueueActions(({ context, event, enqueue, system }) => {
      const done = event as DoneActorEvent<ToolCallOutput>;
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.recordToolOutput(done.output, done.actorId);
      step.appendBatchResults();
      step.commit();
    }),
    // A ToolCall machine never errors by design; if one does, its call still gets a result.
    recordToolCrash: enqueueActions(({ context, event, enqueue, system }) => {
      const error = event as ErrorActorEvent;
      const index = Number(error.actorId?.split('.').pop());
      const call = context.batch?.calls[index];
      if (!call) return;
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      const result = errorResult(ToolErrorCode.toolError, `Tool call failed: ${describeError(error.error)}`);
      step.recordToolOutput({ index, call, result, durationMs: 0 }, error.actorId);
      step.commit();
    }),
    cancelBatch: enqueueActions(({ context, event, enqueue, system }) => {
      const reason = cancelReasonOf(event) ?? context.cancelReason;
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.refuseUnstarted(notStartedResult());
      for (const index of step.batch?.running ?? []) enqueue.sendTo(toolChildId(index), { type: 'CANCEL', reason });
      step.commit({ cancelRequested: true, cancelReason: reason });
    }),
    emitApprovalRequested: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'tool.approvalRequested') return;
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      const { request } = event;
      step.emit({ type: 'tool.approval_requested', callId: request.callId, toolName: request.toolName, iteration: request.iteration, arguments: request.arguments });
      step.commit();
    }),
    emitApprovalResolved: enqueueActions(({ context, event, enqueue, system }) => {
      if (event.type !== 'tool.approvalResolved') return;
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      if (event.reason === undefined) step.emit({ type: 'tool.approval_resolved', callId: event.callId, approved: event.approved });
      else step.emit({ type: 'tool.approval_resolved', callId: event.callId, approved: event.approved, reason: event.reason });
      step.commit();
    }),
    // To the running call with that id; a call that is not waiting for approval ignores it.
    forwardAnswer: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'APPROVE' && event.type !== 'DENY') return;
      const index = context.batch?.calls.findIndex((call) => call.id === event.callId) ?? -1;
      if (index >= 0 && context.batch!.running.includes(index)) enqueue.sendTo(toolChildId(index), event);
    }),
    interruptRunningCalls: enqueueActions(({ context, enqueue, system }) => {
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.interruptRunning();
      step.startTools();
      step.commit();
    }),
    refuseUnpersistedBatch: enqueueActions(({ context, enqueue, system }) => {
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.refuseUnstarted(errorResult(RunErrorCode.sessionError, 'Not run: the session could not record this call, so it was not started.'));
      step.appendBatchResults();
      step.commit();
    }),
    appendBatchResults: enqueueActions(({ context, enqueue, system }) => {
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      step.appendBatchResults();
      step.commit();
    }),
    requestCancel: assign(({ event }) => ({ cancelRequested: true, cancelReason: cancelReasonOf(event) })),
    // Text streamed before the cancel is kept in the output.
    markCancelled: assign({
      outcome: ({ context }) => {
        if (context.outcome?.status === 'cancelled') return context.outcome;
        const outcome = cancelledOutcome(context.cancelReason);
        if (context.streamedText !== '') outcome.text = context.streamedText;
        return outcome;
      },
    }),
    markProviderFailed: assign({ outcome: ({ event }) => failedOutcome(RunErrorCode.providerError, 'Provider request failed', (event as ErrorActorEvent).error) }),
    markSessionFailed: assign({
      outcome: ({ event }) => failedOutcome(RunErrorCode.sessionError, 'Could not persist the session', event.type === 'session.failed' ? event.error : undefined),
    }),
    markPersisted: assign({ persistedCount: ({ context, event }) => context.persistedCount + (event.type === 'session.persisted' ? event.count : 0) }),
    reportOutcome: enqueueActions(({ context, enqueue, system }) => {
      const outcome = context.outcome ?? cancelledOutcome(context.cancelReason);
      const output = buildRunOutput({ runId: context.runId, outcome, iterations: context.iterations, messages: context.messages, usage: context.usage });
      const step = new RunStep(context, enqueue as unknown as RunEnqueue, environmentOf(system));
      if (outcome.status === 'completed') step.emit({ type: 'run.completed', output });
      else if (outcome.status === 'cancelled') step.emit({ type: 'run.cancelled', output });
      else step.emit({ type: 'run.failed', error: output.error!, output });
      step.commit({ output });
    }),
  },
}).createMachine({
  id: 'run',
  context: ({ input }) => initialRunContext(input),
  initial: 'starting',
  states: {
    starting: {
      entry: 'announceStart',
      always: [{ guard: 'cancelRequested', target: 'appendingResults.persistingEnd', actions: 'markCancelled' }, { target: 'awaitingProvider' }],
    },
    awaitingProvider: {
      entry: 'announceRequest',
      invoke: {
        id: 'provider',
        src: 'callProvider',
        input: ({ context, self }) => ({ request: providerRequest(context, environmentOf(self.system)), maxTextChars: context.limits.maxTextChars }),
        onDone: [
          { guard: 'answeredWithoutTools', target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'recordAnswer'] },
          { guard: 'iterationLimitReached', target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'refuseOverLimit'] },
          { guard: 'responseIncomplete', target: 'appendingResults.persistingResults', actions: ['recordResponse', 'refuseIncomplete'] },
          // Without a session there is nothing to record first: the calls start at once.
          { guard: 'noSession', target: 'executingBatch.running', actions: 'recordResponseAndOpenBatch' },
          { target: 'executingBatch', actions: 'recordResponseAndOpenBatch' },
        ],
        onError: { target: 'appendingResults.persistingEnd', actions: 'markProviderFailed' },
      },
      on: {
        'provider.textDelta': { actions: 'emitTextDelta' },
        CANCEL: { target: 'appendingResults.persistingEnd', actions: ['requestCancel', 'markCancelled'] },
        // The restored provider actor makes the request again; what the lost one streamed is dropped.
        'run.resumed': { actions: 'forgetStreamedText' },
      },
    },
    executingBatch: {
      initial: 'recordingCalls',
      on: {
        'tool.approvalRequested': { actions: 'emitApprovalRequested' },
        'tool.approvalResolved': { actions: 'emitApprovalResolved' },
        APPROVE: { actions: 'forwardAnswer' },
        DENY: { actions: 'forwardAnswer' },
      },
      states: {
        // The assistant message is persisted before any of its calls starts.
        recordingCalls: {
          entry: 'persistNewMessages',
          on: {
            'session.persisted': [
              { guard: 'cancelRequested', target: 'cancelling', actions: ['markPersisted', 'cancelBatch'] },
              { target: 'running', actions: 'markPersisted' },
            ],
            'session.failed': { target: '#run.failed', actions: ['refuseUnpersistedBatch', 'markSessionFailed'] },
            CANCEL: { actions: 'requestCancel' },
            'run.resumed': { actions: 'resumeWrite' },
          },
        },
        running: {
          entry: 'startTools',
          on: {
            // The last result closes the batch in the same microstep.
            'xstate.done.actor.*': [
              { guard: 'resultClosesBatch', target: '#run.appendingResults.persistingResults', actions: 'recordLastToolDone' },
              { actions: 'recordToolDone' },
            ],
            'xstate.error.actor.*': { guard: 'errorFromToolCall', actions: 'recordToolCrash' },
            CANCEL: { target: 'cancelling', actions: 'cancelBatch' },
            // Calls that were running when the snapshot was taken are never run again.
            'run.resumed': { actions: 'interruptRunningCalls' },
          },
          always: { guard: 'batchSettled', target: '#run.appendingResults.persistingResults', actions: 'appendBatchResults' },
        },
        // Running calls were told to abort; wait for each to settle or give up after its grace.
        cancelling: {
          on: {
            'xstate.done.actor.*': { actions: 'recordToolDone' },
            'xstate.error.actor.*': { guard: 'errorFromToolCall', actions: 'recordToolCrash' },
            'run.resumed': { actions: 'interruptRunningCalls' },
          },
          always: { guard: 'batchSettled', target: '#run.appendingResults.persistingEnd', actions: ['appendBatchResults', 'markCancelled'] },
        },
      },
    },
    // The new messages are written; then the Run loops (persistingResults) or ends (persistingEnd).
    appendingResults: {
      entry: 'persistNewMessages',
      initial: 'persistingResults',
      on: {
        'session.failed': { target: 'failed', actions: 'markSessionFailed' },
        // A write in progress is never abandoned: the cancel takes effect once it is durable.
        CANCEL: { actions: 'requestCancel' },
        'run.resumed': { actions: 'resumeWrite' },
      },
      states: {
        persistingResults: {
          on: {
            'session.persisted': [
              { guard: 'cancelRequested', target: '#run.cancelled', actions: ['markPersisted', 'markCancelled'] },
              { target: '#run.awaitingProvider', actions: 'markPersisted' },
            ],
          },
        },
        // A failure stands; otherwise a CANCEL received before the end wins, even over an
        // answer already written: nothing is reported as a success after a cancel.
        persistingEnd: {
          on: {
            'session.persisted': [
              { guard: 'outcomeIsFailed', target: '#run.failed', actions: 'markPersisted' },
              { guard: 'cancelRequested', target: '#run.cancelled', actions: ['markPersisted', 'markCancelled'] },
              { guard: 'outcomeIsCompleted', target: '#run.done', actions: 'markPersisted' },
              { target: '#run.limitReached', actions: 'markPersisted' },
            ],
          },
        },
      },
    },
    done: { type: 'final', entry: 'reportOutcome' },
    limitReached: { type: 'final', entry: 'reportOutcome' },
    cancelled: { type: 'final', entry: 'reportOutcome' },
    failed: { type: 'final', entry: 'reportOutcome' },
  },
  output: ({ context }) => context.output!,
});
