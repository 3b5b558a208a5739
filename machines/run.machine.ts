// The Run: ask the provider, execute the batch of tool calls it asked for (one child actor
// per call), append the results, and repeat until the model answers, a limit is reached,
// the Run is cancelled or something fails. Events are emitted from these transitions.
import { assign, emit, enqueueActions, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { errorResult } from '../src/tools/calls/errorResult.js';
import { RunErrorCode, ToolErrorCode } from '../src/codes.js';
import type { ProviderRespondedEvent, RunEvent, RunEventBase } from '../src/events/runEvent.js';
import { Batch } from './run/batch.js';
import { notStartedResult } from '../src/tools/cancelledResults.js';
import { EventStamper } from './run/eventStamper.js';
import { finishedCleanly, type NormalizedResponse } from './run/normalizeResponse.js';
import type { SessionBinding } from './run/sessionBinding.js';
import { sessionWriter, type SessionWriterReply } from './run/sessionWriter.js';
import { callProvider } from './run/providerActor.js';
import { addUsage, buildRunOutput, describeError, type RunOutcome } from './run/runOutput.js';
import {
  cancelledOutcome,
  enqueueToolStarts,
  failedOutcome,
  recordToolOutput,
  refuseBatchCalls,
  refuseResponseCalls,
  toolChildId,
  type RunContext,
  type RunEnqueue,
} from './run/runSteps.js';
import { Transcript } from './run/transcript.js';
import type { ToolSet } from '../src/tools/toolSet.js';
import type { Message, Provider, RunLimits, RunOutput } from '../src/types.js';
import { toolCallMachine, type ToolCallOutput } from './toolCall.machine.js';

export interface RunMachineInput {
  runId: string;
  provider: Provider;
  tools: ToolSet;
  limits: RunLimits;
  input: string;
  /** Earlier messages of the session, sent before the input. */
  history?: readonly Message[];
  session?: SessionBinding;
  /** True when the caller's signal was already aborted: the provider is never called. */
  cancelled?: boolean;
  now: () => number;
}

export type RunMachineEvent =
  | { type: 'CANCEL'; reason?: unknown }
  | { type: 'provider.textDelta'; delta: string }
  | DoneActorEvent<NormalizedResponse, 'provider'>
  | SessionWriterReply
  | DoneActorEvent<ToolCallOutput>
  | ErrorActorEvent;

const responseOf = (event: RunMachineEvent) => (event as DoneActorEvent<NormalizedResponse>).output;
const outcomeIs = (status: RunOutcome['status']) => ({ context }: { context: RunContext }) => context.outcome?.status === status;

/** The Run machine (CONTRACT §4). Provide it through `createRunActor`. */
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
    batchSettled: ({ context }) => context.batch?.settled === true,
    closesBatch: ({ context, event }) => context.batch?.isLastOutstanding((event as DoneActorEvent<ToolCallOutput>).output.index) === true,
    noSession: ({ context }) => context.session === undefined,
    completed: outcomeIs('completed'),
    limitReached: outcomeIs('limit_reached'),
    failed: outcomeIs('failed'),
  },
  actions: {
    start: enqueueActions(({ context, enqueue }) => {
      enqueue.emit(context.events.stamp({ type: 'run.started', input: context.inputText }));
      if (context.session) enqueue.spawnChild('sessionWriter', { id: 'sessionWriter', input: context.session });
    }),
    // Messages not yet persisted go to the writer; without a session the reply is immediate.
    persist: enqueueActions(({ context, enqueue }) => {
      const messages = context.transcript.unpersisted();
      if (!context.session || messages.length === 0) enqueue.raise({ type: 'session.persisted', count: messages.length });
      else enqueue.sendTo('sessionWriter', { type: 'session.write', messages });
    }),
    // Fields that change on every step (requestedAt, usage, iterations, batch) are written in
    // place, like the Transcript and the Batch: an `assign` copies the whole snapshot.
    requestProvider: enqueueActions(({ context, enqueue }) => {
      context.requestedAt = context.now();
      enqueue.emit(
        context.events.stamp({ type: 'provider.requested', iterations: context.iterations, messageCount: context.transcript.length }),
      );
    }),
    emitTextDelta: emit(({ context, event }) =>
      context.events.stamp({ type: 'text.delta', delta: event.type === 'provider.textDelta' ? event.delta : '' }),
    ),
    recordResponse: enqueueActions(({ context, event, enqueue }) => {
      const response = responseOf(event);
      const responded: Omit<ProviderRespondedEvent, keyof RunEventBase> = {
        type: 'provider.responded',
        text: response.text,
        toolCallCount: response.toolCalls.length,
        durationMs: context.now() - context.requestedAt,
      };
      if (response.finishReason) responded.finishReason = response.finishReason;
      if (response.usage) responded.usage = response.usage;
      enqueue.emit(context.events.stamp(responded));
      context.usage = addUsage(context.usage, response.usage);
      const assistant: Message = { role: 'assistant', content: response.text };
      if (response.toolCalls.length > 0) assistant.toolCalls = response.toolCalls;
      context.transcript.append(assistant);
    }),
    recordAnswer: assign({ outcome: ({ event }) => ({ status: 'completed' as const, text: responseOf(event).text }) }),
    refuseOverLimit: enqueueActions(({ context, event, enqueue }) => {
      const message = `Not run: the run reached its limit of ${context.limits.maxIterations} tool iterations.`;
      refuseResponseCalls(context, enqueue as RunEnqueue, responseOf(event).toolCalls, errorResult(ToolErrorCode.iterationLimit, message));
      enqueue.assign({
        outcome: { status: 'limit_reached', error: { code: RunErrorCode.iterationLimit, message: `Tool iteration limit (${context.limits.maxIterations}) reached` } },
      });
    }),
    refuseIncomplete: enqueueActions(({ context, event, enqueue }) => {
      const response = responseOf(event);
      const message = `Not run: the model's response stopped early (finish reason "${response.finishReason}"), so this call may be incomplete.`;
      refuseResponseCalls(context, enqueue as RunEnqueue, response.toolCalls, errorResult(ToolErrorCode.incompleteToolCall, message));
      enqueue.assign({ iterations: context.iterations + 1 });
    }),
    openBatch: enqueueActions(({ context, event }) => {
      context.iterations += 1;
      context.batch = new Batch(context.iterations, responseOf(event).toolCalls, context.tools);
    }),
    startTools: enqueueActions(({ context, enqueue }) => enqueueToolStarts(context, enqueue as RunEnqueue)),
    recordToolDone: enqueueActions(({ context, event, enqueue }) =>
      recordToolOutput(context, enqueue as RunEnqueue, event as DoneActorEvent<ToolCallOutput>),
    ),
    recordToolCrash: enqueueActions(({ context, event, enqueue }) => {
      // A ToolCall machine never errors by design; if one does, its call still gets a result.
      const error = event as ErrorActorEvent;
      const index = Number(error.actorId?.split('.').pop());
      const call = context.batch?.calls[index];
      if (!call) return;
      const output: ToolCallOutput = { index, call, result: errorResult(ToolErrorCode.toolError, `Tool call failed: ${describeError(error.error)}`), durationMs: 0 };
      recordToolOutput(context, enqueue as RunEnqueue, { type: 'xstate.done.actor.tool', output, actorId: error.actorId } as DoneActorEvent<ToolCallOutput>);
    }),
    cancelBatch: enqueueActions(({ context, event, enqueue }) => {
      const batch = context.batch;
      const reason = event.type === 'CANCEL' ? event.reason : undefined;
      enqueue.assign({ cancelRequested: true, cancelReason: reason });
      if (!batch) return;
      refuseBatchCalls(context, enqueue as RunEnqueue, batch, batch.takeUnstarted(), notStartedResult());
      for (const index of batch.running()) enqueue.sendTo(toolChildId(index), { type: 'CANCEL', reason });
    }),
    refuseUnpersistedBatch: enqueueActions(({ context, enqueue }) => {
      const batch = context.batch;
      if (!batch) return;
      const result = errorResult(RunErrorCode.sessionError, 'Not run: the session could not record this call, so it was not started.');
      refuseBatchCalls(context, enqueue as RunEnqueue, batch, batch.takeUnstarted(), result);
      for (const message of batch.toolMessages()) context.transcript.append(message);
    }),
    appendBatchResults: ({ context }) => {
      for (const message of context.batch?.toolMessages() ?? []) context.transcript.append(message);
    },
    requestCancel: assign(({ event }) => ({ cancelRequested: true, cancelReason: event.type === 'CANCEL' ? event.reason : undefined })),
    markCancelled: assign({
      outcome: ({ context }) => (context.outcome?.status === 'cancelled' ? context.outcome : cancelledOutcome(context.cancelReason)),
    }),
    markProviderFailed: assign({ outcome: ({ event }) => failedOutcome(RunErrorCode.providerError, 'Provider request failed', (event as ErrorActorEvent).error) }),
    markSessionFailed: assign({
      outcome: ({ event }) => failedOutcome(RunErrorCode.sessionError, 'Could not persist the session', event.type === 'session.failed' ? event.error : undefined),
    }),
    markPersisted: ({ context, event }) => context.transcript.markPersisted(event.type === 'session.persisted' ? event.count : 0),
    finish: enqueueActions(({ context, enqueue }) => {
      const outcome = context.outcome ?? cancelledOutcome(context.cancelReason);
      const output = buildRunOutput(outcome, context.iterations, context.transcript, context.usage);
      enqueue.assign({ output });
      if (outcome.status === 'completed') enqueue.emit(context.events.stamp({ type: 'run.completed', output }));
      else if (outcome.status === 'cancelled') enqueue.emit(context.events.stamp({ type: 'run.cancelled', output }));
      else enqueue.emit(context.events.stamp({ type: 'run.failed', error: output.error!, output }));
    }),
  },
}).createMachine({
  id: 'run',
  context: ({ input }) => ({
    runId: input.runId,
    provider: input.provider,
    tools: input.tools,
    limits: input.limits,
    session: input.session,
    now: input.now,
    events: new EventStamper(input.runId, input.now),
    transcript: new Transcript(input.history ?? [], { role: 'user', content: input.input }),
    inputText: input.input,
    iterations: 0,
    batch: undefined,
    requestedAt: 0,
    outcome: undefined,
    cancelRequested: input.cancelled === true,
    cancelReason: undefined,
    usage: undefined,
    output: undefined,
  }),
  initial: 'starting',
  states: {
    starting: {
      entry: 'start',
      always: [{ guard: 'cancelRequested', target: 'appendingResults', actions: 'markCancelled' }, { target: 'awaitingProvider' }],
    },
    awaitingProvider: {
      entry: 'requestProvider',
      invoke: {
        id: 'provider',
        src: 'callProvider',
        input: ({ context, self }) => ({
          provider: context.provider,
          request: { messages: context.transcript.conversation(), tools: context.tools.specs },
          onTextDelta: (delta: string) => self.send({ type: 'provider.textDelta', delta }),
        }),
        onDone: [
          { guard: 'answeredWithoutTools', target: 'appendingResults', actions: ['recordResponse', 'recordAnswer'] },
          { guard: 'iterationLimitReached', target: 'appendingResults', actions: ['recordResponse', 'refuseOverLimit'] },
          { guard: 'responseIncomplete', target: 'appendingResults', actions: ['recordResponse', 'refuseIncomplete'] },
          // Without a session there is nothing to record first: the calls start at once.
          { guard: 'noSession', target: 'executingBatch.running', actions: ['recordResponse', 'openBatch'] },
          { target: 'executingBatch', actions: ['recordResponse', 'openBatch'] },
        ],
        onError: { target: 'appendingResults', actions: 'markProviderFailed' },
      },
      on: {
        'provider.textDelta': { actions: 'emitTextDelta' },
        CANCEL: { target: 'appendingResults', actions: ['requestCancel', 'markCancelled'] },
      },
    },
    executingBatch: {
      initial: 'recordingCalls',
      states: {
        // The assistant message is persisted before any of its calls starts.
        recordingCalls: {
          entry: 'persist',
          on: {
            'session.persisted': [
              { guard: 'cancelRequested', target: 'cancelling', actions: ['markPersisted', 'cancelBatch'] },
              { target: 'running', actions: 'markPersisted' },
            ],
            'session.failed': { target: '#run.failed', actions: ['refuseUnpersistedBatch', 'markSessionFailed'] },
            CANCEL: { actions: 'requestCancel' },
          },
        },
        running: {
          entry: 'startTools',
          on: {
            // The last result closes the batch in the same microstep.
            'xstate.done.actor.tool.*': [
              { guard: 'closesBatch', target: '#run.appendingResults', actions: ['recordToolDone', 'appendBatchResults'] },
              { actions: 'recordToolDone' },
            ],
            'xstate.error.actor.tool.*': { actions: 'recordToolCrash' },
            CANCEL: { target: 'cancelling', actions: 'cancelBatch' },
          },
          always: { guard: 'batchSettled', target: '#run.appendingResults', actions: 'appendBatchResults' },
        },
        // Running calls were told to abort; wait for each to settle or give up after its grace.
        cancelling: {
          on: {
            'xstate.done.actor.tool.*': { actions: 'recordToolDone' },
            'xstate.error.actor.tool.*': { actions: 'recordToolCrash' },
          },
          always: { guard: 'batchSettled', target: '#run.appendingResults', actions: ['appendBatchResults', 'markCancelled'] },
        },
      },
    },
    appendingResults: {
      entry: 'persist',
      on: {
        // A failure stands; otherwise a CANCEL received before the end wins, even over an
        // answer already written: nothing is reported as a success after a cancel.
        'session.persisted': [
          { guard: 'failed', target: 'failed', actions: 'markPersisted' },
          { guard: 'cancelRequested', target: 'cancelled', actions: ['markPersisted', 'markCancelled'] },
          { guard: 'completed', target: 'done', actions: 'markPersisted' },
          { guard: 'limitReached', target: 'limitReached', actions: 'markPersisted' },
          { target: 'awaitingProvider', actions: 'markPersisted' },
        ],
        'session.failed': { target: 'failed', actions: 'markSessionFailed' },
        // A write in progress is never abandoned: the cancel takes effect once it is durable.
        CANCEL: { actions: 'requestCancel' },
      },
    },
    done: { type: 'final', entry: 'finish' },
    limitReached: { type: 'final', entry: 'finish' },
    cancelled: { type: 'final', entry: 'finish' },
    failed: { type: 'final', entry: 'finish' },
  },
  output: ({ context }) => context.output!,
});
