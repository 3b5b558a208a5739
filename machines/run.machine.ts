// The Run (docs/design.md, "The Run"): ask the provider, execute the batch of tool calls it
// asked for (one ToolCall actor per call), persist the results, and repeat until the model
// answers, a limit is reached, the Run is cancelled or something fails. Everything that decides
// a Run's course is a guarded transition of this chart: the iteration limit, whether a batch runs
// serially or concurrently, when the next call of a batch starts (`maxConcurrency` is a guard's
// parameter), cancellation, and which end is reached. Events are emitted from the transitions.
// The context is data, replaced by `assign` only; the provider, tools, session store and clock
// are the environment, bound with `machine.provide` (provideRunEnvironment below).
import { assertEvent, assign, enqueueActions, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { RunErrorCode, ToolErrorCode } from '../src/codes.js';
import type { ProviderRespondedEvent, RunEvent, RunEventBase } from '../src/events/runEvent.js';
import { errorResult } from '../src/tools/calls/errorResult.js';
import { notStartedResult } from '../src/tools/cancelledResults.js';
import type { ToolSet } from '../src/tools/toolSet.js';
import type { Message, RunOutput, RunStatus, ToolCallRequest } from '../src/types.js';
import { callProvider, type ProviderCallInput, type ProviderReport } from './actors/callProvider.js';
import { describeCause } from './actors/describeError.js';
import { sessionWriter, type SessionWriterEvent, type SessionWriterReply } from './actors/sessionWriter.js';
import { idempotencyKeyFor } from '../src/tools/idempotencyKey.js';
import type { RunCheckpoint } from '../src/session/sessionStore.js';
import { missingRunEnvironment, type RunEnvironment } from './environment.js';
import { batchSettled, freeSlots, isLastOutstanding, openBatchProgress, slotFreesForWaitingCall } from './run/batchProgress.js';
import { finishedCleanly, type NormalizedResponse } from './run/normalizeResponse.js';
import { initialRunContext, type RunContext, type RunMachineInput } from './run/runContext.js';
import { addSpending, budgetAfterResponse, budgetBeforeRequest, responseSpending, type BudgetExceeded } from './run/budget.js';
import { acceptedAnswer, answeredInText, callsFinalAnswer, lastAnswerRefused, refusedAnswers, refusedTextAnswers } from './run/finalAnswer.js';
import { FINAL_ANSWER_TOOL } from '../src/output/outputSchema.js';
import { judgeFinalTurn, judgeNativeAnswer, type FinalTurnVerdict, type JudgedAnswer } from './run/finalTurn.js';
import { addUsage, buildRunOutput, cancelledOutcome, failedOutcome, type RunOutcome } from './run/runOutput.js';
import { RunStep, runningCallIndex, toolChildId, type RunEffects } from './run/runSteps.js';
import { toolCallMachineFor, type ToolCallApprovalReport, type ToolCallInput, type ToolCallOutput, type ToolCallStartingReport } from './toolCall.machine.js';

export type { RunMachineInput } from './run/runContext.js';

export type RunMachineEvent =
  | { type: 'CANCEL'; reason?: unknown }
  /** Sent by createRunActor to a Run restored from a snapshot (docs/design.md, "Snapshots"). */
  | { type: 'run.resumed' }
  /** A person's answer to an approval request (docs/design.md, "Approval"); unknown call ids are ignored. */
  | { type: 'APPROVE'; callId: string }
  | { type: 'DENY'; callId: string; reason?: string }
  /** An event of a sub-agent Run started by one of this Run's calls (docs/agents-as-tools.md), already tagged with its parent ids. */
  | { type: 'subagent.event'; event: RunEvent }
  | ToolCallApprovalReport
  | ToolCallStartingReport
  | ProviderReport
  | SessionWriterReply
  | DoneActorEvent<ToolCallOutput>
  | ErrorActorEvent;

/** What the actions hand a RunStep: XState's `enqueue`, seen through the three effects a step has. */
interface Enqueue {
  emit(event: RunEvent): void;
  stopChild(id: string): void;
  assign(assignment: Partial<RunContext> | ((args: { spawn: (src: 'toolCall', options: { id: string; input: ToolCallInput }) => unknown }) => Partial<RunContext>)): void;
}

function effectsOf(enqueue: Enqueue): RunEffects {
  return {
    emit: (event) => enqueue.emit(event),
    stopChild: (id) => enqueue.stopChild(id),
    assign: (values, spawning) => {
      if (spawning === undefined) return enqueue.assign(values);
      enqueue.assign(({ spawn }) => {
        for (const child of spawning) spawn('toolCall', child);
        return values;
      });
    },
  };
}

/** True when every call names a registered tool that may run alongside others. */
function runConcurrently(tools: ToolSet, calls: readonly ToolCallRequest[]): boolean {
  return calls.every((call) => tools.lookup(call.name)?.parallelSafe === true);
}

// The provider.responded event and the assistant message, recorded in `step`; returns the fields to assign.
function recordResponseIn(step: RunStep, response: NormalizedResponse, costUsd: number | undefined): Pick<RunContext, 'usage' | 'streamedText' | 'spent'> {
  const { context } = step;
  const responded: Omit<ProviderRespondedEvent, keyof RunEventBase> = {
    type: 'provider.responded',
    text: response.text,
    toolCallCount: response.toolCalls.length,
    durationMs: step.now() - context.requestedAt,
  };
  if (response.finishReason) responded.finishReason = response.finishReason;
  if (response.usage) responded.usage = response.usage;
  step.emit(responded);
  const assistant: Message = { role: 'assistant', content: response.text };
  if (response.toolCalls.length > 0) assistant.toolCalls = response.toolCalls;
  step.append(assistant);
  return { usage: addUsage(context.usage, response.usage), streamedText: '', spent: addSpending(context.spent, responseSpending(response.usage, costUsd)) };
}

/** How many calls of a response would run: those within limits.maxCallsPerResponse. */
function callsToRun(context: RunContext, response: NormalizedResponse): number {
  return Math.min(response.toolCalls.length, context.limits.maxCallsPerResponse);
}

/** The budget a response passes, its own spending included (docs/budgets.md). */
function budgetPassedBy(context: RunContext, answered: { response: NormalizedResponse; costUsd?: number }, now: number): BudgetExceeded | undefined {
  const spent = addSpending(context.spent, responseSpending(answered.response.usage, answered.costUsd));
  return budgetAfterResponse(context.limits, spent, now, callsToRun(context, answered.response));
}

function budgetOutcome(exceeded: BudgetExceeded, text?: string): RunOutcome {
  const outcome: RunOutcome = { status: 'limit_reached', error: { code: RunErrorCode.budgetExceeded, message: exceeded.message } };
  if (text) outcome.text = text;
  return outcome;
}

// Opens the batch of `calls` in `step`; calls beyond limits.maxCallsPerResponse get an error result at once and never run.
function openBatchIn(step: RunStep, calls: readonly ToolCallRequest[], concurrent: boolean): void {
  const { context } = step;
  const max = context.limits.maxCallsPerResponse;
  step.batch = openBatchProgress(context.iterations + 1, calls, concurrent, max);
  if (calls.length <= max) return;
  const beyond = calls.map((_, index) => index).filter((index) => index >= max);
  const message = `Not run: the response asked for ${calls.length} tool calls, more than the ${max} one response may run.`;
  step.refuseBatchCalls(beyond, errorResult(ToolErrorCode.callLimit, message));
}

/** The outcome of a Run whose answers were refused more often than maxOutputRetries allows. */
function outputInvalidOutcome(context: RunContext): RunOutcome {
  const { count, last } = refusedAnswers(context.messages);
  const detail = last ? `: ${last.content}` : '';
  const message = `The final answer did not match the output schema in ${count} attempts (maxOutputRetries ${context.answer?.maxRetries ?? 0})${detail}`;
  return { status: 'failed', error: { code: RunErrorCode.outputInvalid, message } };
}

/** The verdict on the last turn's response (its calls never run as tools). */
function finalTurnVerdict(environment: RunEnvironment, context: RunContext, response: NormalizedResponse): FinalTurnVerdict {
  return judgeFinalTurn(response.toolCalls, environment.output!, context.limits.maxArgumentsChars, finishedCleanly(response));
}

/** The verdict on a text answer of a Run in mode 'native'; undefined for a response with calls or another mode. */
function nativeVerdict(environment: RunEnvironment, context: RunContext, response: NormalizedResponse): JudgedAnswer | undefined {
  if (context.answer?.mode !== 'native' || response.toolCalls.length > 0) return undefined;
  if (!finishedCleanly(response)) return { accepted: false, result: errorResult(ToolErrorCode.incompleteToolCall, 'the response stopped early') };
  return judgeNativeAnswer(response.text, environment.output!, context.limits.maxArgumentsChars);
}

/** The user message that sends a refused text answer back: why, and what is asked instead. */
function refusalMessage(verdict: JudgedAnswer): Message {
  const why = verdict.accepted ? '' : verdict.result.content;
  return { role: 'user', content: `Your answer was not accepted: ${why} Answer again with JSON only, matching the required schema.` };
}

function outputMissingOutcome(text: string): RunOutcome {
  const message = `The run's last turn gave no final answer: the model did not call ${FINAL_ANSWER_TOOL}`;
  const outcome: RunOutcome = { status: 'failed', error: { code: RunErrorCode.outputMissing, message } };
  if (text !== '') outcome.text = text;
  return outcome;
}

/** How many calls of a concurrent batch of `calls` start when it opens: freeSlots of the batch about to open. */
function openingSlots(context: RunContext, calls: number): number {
  return Math.min(context.limits.maxConcurrency, calls, context.limits.maxCallsPerResponse);
}

/** What a durable session records with each write: the Run's counters (its calls waiting for approval are recorded apart). */
function checkpointOf(context: RunContext): RunCheckpoint {
  const checkpoint: RunCheckpoint = { iterations: context.iterations, spent: context.spent };
  if (context.usage !== undefined) checkpoint.usage = context.usage;
  return checkpoint;
}

/** The calls of the batch that wait for a person's answer now. */
function pendingApprovalsOf(context: RunContext): string[] {
  const { batch } = context;
  if (!batch) return [];
  return (context.pendingApprovals ?? []).filter((callId) => batch.running.some((index) => batch.calls[index]!.id === callId));
}

/** A Run whose first messages are in the session when it starts was resumed from it. */
function isResumed(context: RunContext): boolean {
  return context.persistedCount > 0;
}

/** The output of a Run that ends with `status`, from what its context recorded. */
function endingOutcome(context: RunContext, status: RunStatus): RunOutcome {
  if (status !== 'cancelled') return context.outcome ?? failedOutcome(RunErrorCode.sessionError, 'The Run ended without an outcome', undefined);
  if (context.outcome?.status === 'cancelled') return context.outcome;
  const outcome = cancelledOutcome(context.cancelReason);
  if (context.streamedText !== '') outcome.text = context.streamedText;
  return outcome;
}

/** The input of a provider request: the Run's messages so far; `finalTurn` offers only final_answer. */
function providerInput(context: RunContext, finalTurn: boolean): ProviderCallInput {
  const input: ProviderCallInput = {
    runId: context.runId,
    input: context.inputText,
    iterations: context.iterations,
    messages: [...context.history, ...context.messages],
    maxTextChars: context.limits.maxTextChars,
  };
  if (finalTurn) input.finalTurn = true;
  return input;
}

/**
 * The Run machine bound to `environment` (the exported `runMachine` is bound to none); its
 * implementations are what provideRunEnvironment provides.
 * @example
 * import type { RunEnvironment } from './environment.js';
 * declare const environment: RunEnvironment;
 * runMachineFor(environment).implementations.actors.callProvider;
 */
export function runMachineFor(environment: RunEnvironment) {
  const { tools, now } = environment;
  const stepOf = (context: RunContext, enqueue: Enqueue) => new RunStep(context, effectsOf(enqueue), now);
  // What a provider request does in both states that make one (awaitingProvider and the last
  // turn, requestingFinalAnswer): a response over budget, or judged as a native answer, first.
  const answerJudgedFirst = [
    { guard: 'responseOverBudget', target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'refuseOverBudget'] },
    // Mode 'native': the text answer is judged; a refused one goes back with why, while retries are left.
    { guard: 'nativeAnswerValid', target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'recordNativeAnswer'] },
    { guard: 'nativeAnswerRetried', target: 'appendingResults.persistingResults', actions: ['recordResponse', 'appendAnswerRefusal'] },
    { guard: 'nativeAnswerRefused', target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'failNativeOutput'] },
  ] as const;
  const whileRequesting = {
    'provider.failed': { target: 'appendingResults.persistingEnd', actions: ['markProviderFailed', 'keepLiveCause'] },
    'provider.textDelta': { actions: 'emitTextDelta' },
    CANCEL: { target: 'appendingResults.persistingEnd', actions: 'requestCancel' },
    // The restored provider actor makes the request again; what the lost one streamed is dropped.
    'run.resumed': { actions: 'forgetStreamedText' },
  } as const;

  return setup({
    types: {} as {
      context: RunContext;
      input: RunMachineInput;
      output: RunOutput;
      events: RunMachineEvent;
      emitted: RunEvent;
    },
    actors: { callProvider: callProvider(environment), sessionWriter: sessionWriter(environment.store, environment.leases), toolCall: toolCallMachineFor(environment) },
    guards: {
      cancelRequested: ({ context }) => context.cancelRequested,
      cancelNotRequested: ({ context }) => !context.cancelRequested,
      answeredWithoutTools: ({ event }) => {
        assertEvent(event, 'provider.answered');
        return event.response.toolCalls.length === 0;
      },
      iterationLimitReached: ({ context }) => context.iterations >= context.limits.maxIterations,
      // Before a request: a budget used up, or one the request may pass (the provider's maxTokens).
      budgetExhausted: ({ context }) => budgetBeforeRequest(context.limits, context.spent, now(), environment.provider.info?.maxTokens) !== undefined,
      // Typed output (docs/output.md), read from the Run's messages after a batch was recorded.
      finalAnswerAccepted: ({ context }) => context.answer?.mode === 'tool' && acceptedAnswer(context.messages) !== undefined,
      outputRetriesExhausted: ({ context }) =>
        context.answer !== undefined && lastAnswerRefused(context.messages) && refusedAnswers(context.messages).count > context.answer.maxRetries,
      // The last turn: the iteration limit would end the loop, or (mode 'tool') the model answered in text.
      finalTurnDue: ({ context }) =>
        context.answer !== undefined && (context.iterations >= context.limits.maxIterations || (context.answer.mode === 'tool' && answeredInText(context.messages))),
      // Mode 'native': a text answer, judged as JSON against the schema.
      nativeAnswerValid: ({ context, event }) => {
        assertEvent(event, 'provider.answered');
        return nativeVerdict(environment, context, event.response)?.accepted === true;
      },
      nativeAnswerRetried: ({ context, event }) => {
        assertEvent(event, 'provider.answered');
        const verdict = nativeVerdict(environment, context, event.response);
        return verdict?.accepted === false && refusedTextAnswers(context.messages) < context.answer!.maxRetries;
      },
      nativeAnswerRefused: ({ context, event }) => {
        assertEvent(event, 'provider.answered');
        return nativeVerdict(environment, context, event.response)?.accepted === false;
      },
      answeredWithoutOutput: ({ context, event }) => {
        assertEvent(event, 'provider.answered');
        return context.answer?.mode === 'tool' && event.response.toolCalls.length === 0;
      },
      withoutFinalAnswer: ({ event }) => {
        assertEvent(event, 'provider.answered');
        return !callsFinalAnswer(event.response.toolCalls);
      },
      // The last turn's final_answer call validates (its finish reason clean).
      finalAnswerValid: ({ context, event }) => {
        assertEvent(event, 'provider.answered');
        return context.answer?.mode === 'tool' && finalTurnVerdict(environment, context, event.response).answer?.accepted === true;
      },
      // A refused answer of the last turn, and fewer refusals so far than maxOutputRetries allows.
      outputRetryLeft: ({ context }) => context.answer !== undefined && refusedAnswers(context.messages).count < context.answer.maxRetries,
      // After a response, its spending added: a budget passed.
      responseOverBudget: ({ context, event }) => {
        assertEvent(event, 'provider.answered');
        return budgetPassedBy(context, event, now()) !== undefined;
      },
      responseIncomplete: ({ event }) => {
        assertEvent(event, 'provider.answered');
        return !finishedCleanly(event.response);
      },
      hasSession: ({ context }) => context.sessionId !== undefined,
      // Where a Run starts: a resumed one where its session left it, a new one by writing its input.
      resumesSerialBatch: ({ context }) => !context.cancelRequested && context.batch !== undefined && !context.batch.concurrent,
      resumesConcurrentBatch: ({ context }) => !context.cancelRequested && context.batch?.concurrent === true,
      resumesAnswered: ({ context }) => !context.cancelRequested && context.batch === undefined && context.outcome !== undefined,
      inputUnrecorded: ({ context }) =>
        !context.cancelRequested && context.batch === undefined && context.outcome === undefined && context.sessionId !== undefined && context.persistedCount === 0,
      readyToAsk: ({ context }) =>
        !context.cancelRequested && context.batch === undefined && context.outcome === undefined && (context.sessionId === undefined || context.persistedCount > 0),
      endingIs: ({ context }, params: { status: RunStatus }) => context.ending === params.status,
      // Serial unless every call may run alongside others: judged on the response when the
      // batch opens, on the opened batch after its assistant message was recorded.
      batchIsSerial: ({ context, event }) => !(event.type === 'provider.answered' ? runConcurrently(tools, event.response.toolCalls) : context.batch?.concurrent === true),
      batchIsConcurrent: ({ context, event }) => (event.type === 'provider.answered' ? runConcurrently(tools, event.response.toolCalls) : context.batch?.concurrent === true),
      // The call settling now frees a slot, and a call waits for one.
      slotFreeAndCallWaiting: ({ context }, params: { maxConcurrency: number }) => slotFreesForWaitingCall(context.batch, params.maxConcurrency),
      resultClosesBatch: ({ context, event }) => {
        assertEvent(event, 'xstate.done.actor.*');
        return isLastOutstanding(context.batch, event.output.index);
      },
      batchSettled: ({ context }) => batchSettled(context.batch),
      noCallRunningAndCallWaiting: ({ context }) => context.batch !== undefined && context.batch.running.length === 0 && context.batch.started < context.batch.runnable,
      // `xstate.error.actor.*` also matches the Run's other children; their errors are not a call's.
      errorFromToolCall: ({ context, event }) => {
        assertEvent(event, 'xstate.error.actor.*');
        return runningCallIndex(context.batch, event.actorId) >= 0;
      },
      outcomeIs: ({ context }, params: { status: RunStatus }) => context.outcome?.status === params.status,
    },
    actions: {
      announceStart: enqueueActions(({ context, enqueue }) => {
        const step = stepOf(context, enqueue);
        if (isResumed(context)) {
          const interruptedCalls = (context.batch?.interrupted ?? []).map((index) => context.batch!.calls[index]!.id);
          step.emit({ type: 'run.resumed', input: context.inputText, iterations: context.iterations, interruptedCalls });
        } else step.emit({ type: 'run.started', input: context.inputText });
        if (context.sessionId !== undefined) enqueue.spawnChild('sessionWriter', { id: 'sessionWriter', input: { sessionId: context.sessionId, runId: context.runId } });
        // A resumed Run keeps what it spent and when it started (its budgets go on from there).
        step.commit(isResumed(context) && context.spent.startedAt > 0 ? {} : { spent: { ...context.spent, startedAt: now() } });
      }),
      // Messages not yet persisted go to the writer (a durable session records the Run's counters
      // with them); without a session the reply is immediate.
      persistNewMessages: enqueueActions(({ context, enqueue }, params: { resumed: boolean }) => {
        const messages = context.messages.slice(context.persistedCount);
        if (context.sessionId === undefined || messages.length === 0) {
          enqueue.raise({ type: 'session.persisted', count: messages.length });
          return;
        }
        const write: SessionWriterEvent = { type: 'session.write', messages };
        if (context.durableSession === true) write.checkpoint = checkpointOf(context);
        if (params.resumed) write.resumed = true;
        enqueue.sendTo('sessionWriter', write);
      }),
      // A durable session records that a call starts before its `execute`; the ToolCall waits for the answer.
      recordCallStart: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'tool.starting');
        const { index, callId, toolName, iteration } = event;
        const start = { callId, toolName, iteration, idempotencyKey: idempotencyKeyFor(context.runId, iteration, callId) };
        if (context.sessionId === undefined) enqueue.sendTo(toolChildId(index), { type: 'tool.startRecorded' });
        else enqueue.sendTo('sessionWriter', { type: 'session.recordStart', index, start } satisfies SessionWriterEvent);
      }),
      // To the call still waiting for it; a call that could not be recorded never runs.
      answerCallStart: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'session.startRecorded');
        if (!context.batch?.running.includes(event.index)) return;
        if (event.error === undefined) enqueue.sendTo(toolChildId(event.index), { type: 'tool.startRecorded' });
        else {
          const result = errorResult(RunErrorCode.sessionError, `Not run: the session could not record that this call starts (${describeCause(event.error).message}).`);
          enqueue.sendTo(toolChildId(event.index), { type: 'tool.startRefused', result });
        }
      }),
      // Calls waiting for approval are in the session's checkpoint: a resume asks again.
      checkpointApprovals: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, ['tool.approvalRequested', 'tool.approvalResolved']);
        const callId = event.type === 'tool.approvalRequested' ? event.request.callId : event.callId;
        const others = (context.pendingApprovals ?? []).filter((id) => id !== callId);
        const pendingApprovals = event.type === 'tool.approvalRequested' ? [...others, callId] : others;
        enqueue.assign({ pendingApprovals });
        if (context.durableSession !== true || event.type !== 'tool.approvalRequested') return;
        const checkpoint: RunCheckpoint = { ...checkpointOf(context), pendingApprovals: pendingApprovalsOf({ ...context, pendingApprovals }) };
        enqueue.sendTo('sessionWriter', { type: 'session.checkpoint', checkpoint } satisfies SessionWriterEvent);
      }),
      // A restored batch's running calls decide for themselves: an execution restarts or is interrupted, a wait for approval goes on.
      resumeRunningCalls: enqueueActions(({ context, enqueue }) => {
        for (const index of context.batch?.running ?? []) enqueue.sendTo(toolChildId(index), { type: 'run.resumed' });
      }),
      decideEnding: assign((_, params: { status: RunStatus }) => ({ ending: params.status })),
      // A durable session records the Run's end (`finish`) before it is reported; otherwise at once.
      closeSession: enqueueActions(({ context, enqueue }) => {
        if (context.sessionId === undefined || context.durableSession !== true || context.ending === undefined) enqueue.raise({ type: 'session.finished' });
        else enqueue.sendTo('sessionWriter', { type: 'session.finish', status: context.ending } satisfies SessionWriterEvent);
      }),
      announceRequest: enqueueActions(({ context, enqueue }) => {
        const step = stepOf(context, enqueue);
        const requestedAt = now();
        step.emit({ type: 'provider.requested', iterations: context.iterations, messageCount: context.history.length + context.messages.length });
        step.commit({ requestedAt, streamedText: '' });
      }),
      emitTextDelta: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'provider.textDelta');
        const step = stepOf(context, enqueue);
        step.emit({ type: 'text.delta', delta: event.delta });
        step.commit({ streamedText: context.streamedText + event.delta });
      }),
      recordResponse: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'provider.answered');
        const step = stepOf(context, enqueue);
        step.commit(recordResponseIn(step, event.response, event.costUsd));
      }),
      // One assignment for the transition that opens a batch: recording the response, opening
      // the batch and starting its first `startCalls` calls (0 while the assistant message is
      // written first); the count comes from the transition, the action only carries it out.
      recordResponseAndOpenBatch: enqueueActions(({ context, event, enqueue }, params: { startCalls: number }) => {
        assertEvent(event, 'provider.answered');
        const step = stepOf(context, enqueue);
        const recorded = recordResponseIn(step, event.response, event.costUsd);
        openBatchIn(step, event.response.toolCalls, runConcurrently(tools, event.response.toolCalls));
        for (let started = 0; started < params.startCalls; started++) step.startNextCall();
        const spent = { ...recorded.spent, toolCalls: recorded.spent.toolCalls + callsToRun(context, event.response) };
        step.commit({ usage: recorded.usage, streamedText: recorded.streamedText, spent, iterations: context.iterations + 1 });
      }),
      forgetStreamedText: assign({ streamedText: '' }),
      recordAnswer: assign(({ event }) => {
        assertEvent(event, 'provider.answered');
        return { outcome: { status: 'completed' as const, text: event.response.text } };
      }),
      refuseOverLimit: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'provider.answered');
        const step = stepOf(context, enqueue);
        const message = `Not run: the run reached its limit of ${context.limits.maxIterations} tool iterations.`;
        step.refuseResponseCalls(event.response.toolCalls, errorResult(ToolErrorCode.iterationLimit, message));
        step.commit({
          outcome: { status: 'limit_reached', error: { code: RunErrorCode.iterationLimit, message: `Tool iteration limit (${context.limits.maxIterations}) reached` } },
        });
      }),
      // The response passed a budget: none of its calls runs, the Run ends at the limit (its text kept).
      refuseOverBudget: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'provider.answered');
        const exceeded = budgetPassedBy(context, event, now())!;
        const step = stepOf(context, enqueue);
        step.refuseResponseCalls(event.response.toolCalls, errorResult(ToolErrorCode.budgetExceeded, `Not run: ${exceeded.message}.`));
        step.commit({ outcome: budgetOutcome(exceeded, event.response.text) });
      }),
      // A budget is used up before the next request: the Run ends at the limit without it.
      recordBudgetExhausted: assign(({ context }) => ({
        outcome: budgetOutcome(budgetBeforeRequest(context.limits, context.spent, now(), environment.provider.info?.maxTokens)!),
      })),
      recordFinalAnswer: assign(({ context }) => {
        const answer = acceptedAnswer(context.messages)!;
        const outcome: RunOutcome = { status: 'completed', text: answer.text, output: answer.value };
        return { outcome };
      }),
      failOutputInvalid: assign(({ context }) => ({ outcome: outputInvalidOutcome(context) })),
      // The last turn's calls get their results without running: the answer's verdict, a refusal for the others.
      recordFinalTurnResults: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'provider.answered');
        const step = stepOf(context, enqueue);
        step.settleResponseCalls(event.response.toolCalls, finalTurnVerdict(environment, context, event.response).results);
        step.commit();
      }),
      recordFinalTurnAnswer: assign(({ context, event }) => {
        assertEvent(event, 'provider.answered');
        const answer = finalTurnVerdict(environment, context, event.response).answer as { value: unknown };
        const outcome: RunOutcome = { status: 'completed', text: event.response.text, output: answer.value };
        return { outcome };
      }),
      recordNativeAnswer: assign(({ context, event }) => {
        assertEvent(event, 'provider.answered');
        const verdict = nativeVerdict(environment, context, event.response) as { value: unknown };
        const outcome: RunOutcome = { status: 'completed', text: event.response.text, output: verdict.value };
        return { outcome };
      }),
      // The refused text answer goes back to the model as a user message saying why.
      appendAnswerRefusal: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'provider.answered');
        const step = stepOf(context, enqueue);
        step.append(refusalMessage(nativeVerdict(environment, context, event.response)!));
        step.commit();
      }),
      failNativeOutput: assign(({ context, event }) => {
        assertEvent(event, 'provider.answered');
        const verdict = nativeVerdict(environment, context, event.response);
        const why = verdict && !verdict.accepted ? `: ${verdict.result.content}` : '';
        const count = refusedTextAnswers(context.messages);
        const message = `The final answer did not match the output schema in ${count} attempts (maxOutputRetries ${context.answer?.maxRetries ?? 0})${why}`;
        const outcome: RunOutcome = { status: 'failed', error: { code: RunErrorCode.outputInvalid, message }, text: event.response.text };
        return { outcome };
      }),
      recordOutputMissing: assign(({ event }) => {
        assertEvent(event, 'provider.answered');
        return { outcome: outputMissingOutcome(event.response.text) };
      }),
      refuseIncomplete: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'provider.answered');
        const step = stepOf(context, enqueue);
        const message = `Not run: the model's response stopped early (finish reason "${event.response.finishReason}"), so this call may be incomplete.`;
        step.refuseResponseCalls(event.response.toolCalls, errorResult(ToolErrorCode.incompleteToolCall, message));
        step.commit();
      }),
      // A refused batch counts as an iteration like an executed one.
      countIteration: assign({ iterations: ({ context }) => context.iterations + 1 }),
      startNextCall: enqueueActions(({ context, enqueue }) => {
        const step = stepOf(context, enqueue);
        step.startNextCall();
        step.commit();
      }),
      // Fills the free slots of a batch that just opened or was restored: `count` from freeSlots.
      startCalls: enqueueActions(({ context, enqueue }, params: { count: number }) => {
        const step = stepOf(context, enqueue);
        for (let started = 0; started < params.count; started++) step.startNextCall();
        step.commit();
      }),
      recordCallResult: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'xstate.done.actor.*');
        const step = stepOf(context, enqueue);
        step.recordToolOutput(event.output);
        step.commit();
      }),
      // One assignment for the result that closes the batch: record it, then append the batch's results.
      recordLastCallResult: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'xstate.done.actor.*');
        const step = stepOf(context, enqueue);
        step.recordToolOutput(event.output);
        step.appendBatchResults();
        step.commit();
      }),
      // A ToolCall machine never errors by design; if one does, its call still gets a result.
      recordToolCrash: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'xstate.error.actor.*');
        const index = runningCallIndex(context.batch, event.actorId);
        const call = context.batch?.calls[index];
        if (!call) return;
        const step = stepOf(context, enqueue);
        const result = errorResult(ToolErrorCode.toolError, `Tool call failed: ${describeCause(event.error).message}`);
        step.recordToolOutput({ index, call, result, durationMs: 0 });
        step.commit();
      }),
      // The running calls are told to stop; the reason reaches their tools' signals, never the context.
      abortRunningCalls: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'CANCEL');
        for (const index of context.batch?.running ?? []) enqueue.sendTo(toolChildId(index), { type: 'CANCEL', reason: event.reason });
      }),
      // Calls that never started get `cancelled` results, once no call of the batch runs any more.
      refuseWaitingCalls: enqueueActions(({ context, enqueue }) => {
        const step = stepOf(context, enqueue);
        step.refuseUnstarted(notStartedResult());
        step.commit();
      }),
      emitApprovalRequested: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'tool.approvalRequested');
        const step = stepOf(context, enqueue);
        const { request } = event;
        step.emit({ type: 'tool.approval_requested', callId: request.callId, toolName: request.toolName, iteration: request.iteration, arguments: request.arguments });
        step.commit();
      }),
      emitApprovalResolved: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'tool.approvalResolved');
        const step = stepOf(context, enqueue);
        if (event.reason === undefined) step.emit({ type: 'tool.approval_resolved', callId: event.callId, approved: event.approved });
        else step.emit({ type: 'tool.approval_resolved', callId: event.callId, approved: event.approved, reason: event.reason });
        step.commit();
      }),
      emitHookDecided: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, 'tool.hookDecided');
        const step = stepOf(context, enqueue);
        const { callId, hook, decision, reason } = event;
        step.emit(reason === undefined ? { type: 'tool.hook_decided', callId, hook, decision } : { type: 'tool.hook_decided', callId, hook, decision, reason });
        step.commit();
      }),
      // A sub-agent's event joins this Run's events as it is: its own runId, seq and time, its parent ids.
      emitSubagentEvent: enqueueActions(({ event, enqueue }) => {
        assertEvent(event, 'subagent.event');
        enqueue.emit(event.event);
      }),
      // To the running call with that id; a call that is not waiting for approval ignores it.
      forwardAnswer: enqueueActions(({ context, event, enqueue }) => {
        assertEvent(event, ['APPROVE', 'DENY']);
        const index = context.batch?.calls.findIndex((call) => call.id === event.callId) ?? -1;
        if (index >= 0 && context.batch!.running.includes(index)) enqueue.sendTo(toolChildId(index), event);
      }),
      // Calls that were running when the snapshot was taken are never run again.
      interruptRunningCalls: enqueueActions(({ context, enqueue }) => {
        const step = stepOf(context, enqueue);
        step.interruptRunning();
        step.commit();
      }),
      refuseUnpersistedBatch: enqueueActions(({ context, enqueue }) => {
        const step = stepOf(context, enqueue);
        step.refuseUnstarted(errorResult(RunErrorCode.sessionError, 'Not run: the session could not record this call, so it was not started.'));
        step.appendBatchResults();
        step.commit();
      }),
      appendBatchResults: enqueueActions(({ context, enqueue }) => {
        const step = stepOf(context, enqueue);
        step.appendBatchResults();
        step.commit();
      }),
      // The reason is kept described: whatever the application passed, the snapshot stays JSON.
      requestCancel: assign(({ event }) => {
        assertEvent(event, 'CANCEL');
        return { cancelRequested: true, cancelReason: event.reason === undefined ? undefined : describeCause(event.reason) };
      }),
      markProviderFailed: assign(({ event }) => {
        assertEvent(event, 'provider.failed');
        // A provider hook's failure ends the Run the same way, with its own code.
        if (event.hook !== undefined) return { outcome: failedOutcome(RunErrorCode.hookFailed, `The ${event.hook} hook failed`, event.error) };
        return { outcome: failedOutcome(RunErrorCode.providerError, 'Provider request failed', event.error) };
      }),
      markSessionFailed: assign(({ event }) => {
        assertEvent(event, 'session.failed');
        return { outcome: failedOutcome(RunErrorCode.sessionError, 'Could not persist the session', event.error) };
      }),
      // The live error behind a failure goes beside the actor (to the caller's RunError), not into it.
      keepLiveCause: ({ context, event }) => {
        assertEvent(event, ['provider.failed', 'session.failed']);
        environment.keepCause?.(context.runId, event.error);
      },
      markPersisted: assign(({ context, event }) => {
        assertEvent(event, 'session.persisted');
        return { persistedCount: context.persistedCount + event.count };
      }),
      // The terminal event is the final state's own: `status` is the state's, not re-derived.
      reportOutcome: enqueueActions(({ context, enqueue }, params: { status: RunStatus }) => {
        const outcome = endingOutcome(context, params.status);
        const output = buildRunOutput({ runId: context.runId, outcome, iterations: context.iterations, messages: context.messages, usage: context.usage, spent: context.spent });
        const step = stepOf(context, enqueue);
        if (params.status === 'completed') step.emit({ type: 'run.completed', output });
        else if (params.status === 'cancelled') step.emit({ type: 'run.cancelled', output });
        else step.emit({ type: 'run.failed', error: output.error!, output });
        step.commit({ outcome, output });
      }),
    },
  }).createMachine({
    id: 'run',
    context: ({ input }) => initialRunContext(input),
    initial: 'starting',
    states: {
      starting: {
        entry: 'announceStart',
        always: [
          { guard: 'cancelRequested', target: 'appendingResults.persistingEnd' },
          { guard: 'resumesSerialBatch', target: 'executingBatch.runningSerially', actions: 'startNextCall' },
          {
            guard: 'resumesConcurrentBatch',
            target: 'executingBatch.runningConcurrently',
            actions: { type: 'startCalls', params: ({ context }) => ({ count: freeSlots(context.batch, context.limits.maxConcurrency) }) },
          },
          { guard: 'resumesAnswered', target: 'appendingResults.persistingEnd' },
          { guard: 'budgetExhausted', target: 'appendingResults.persistingEnd', actions: 'recordBudgetExhausted' },
          { guard: 'inputUnrecorded', target: 'recordingInput' },
          { guard: 'finalTurnDue', target: 'requestingFinalAnswer' },
          { guard: 'readyToAsk', target: 'awaitingProvider' },
        ],
      },
      // The Run holds its session from before its first provider request: its input is written first.
      recordingInput: {
        entry: { type: 'persistNewMessages', params: { resumed: false } },
        on: {
          'session.persisted': [
            { guard: 'cancelRequested', target: 'appendingResults.persistingEnd', actions: 'markPersisted' },
            { guard: 'finalTurnDue', target: 'requestingFinalAnswer', actions: 'markPersisted' },
            { guard: 'cancelNotRequested', target: 'awaitingProvider', actions: 'markPersisted' },
          ],
          'session.failed': { target: 'failed', actions: ['markSessionFailed', 'keepLiveCause'] },
          CANCEL: { actions: 'requestCancel' },
          'run.resumed': { actions: { type: 'persistNewMessages', params: { resumed: true } } },
        },
      },
      awaitingProvider: {
        entry: 'announceRequest',
        invoke: {
          id: 'provider',
          src: 'callProvider',
          input: ({ context }) => providerInput(context, false),
        },
        on: {
          'provider.answered': [
            ...answerJudgedFirst,
            // A Run with `output` answered in text: recorded, then its last turn asks for final_answer.
            { guard: 'answeredWithoutOutput', target: 'appendingResults.persistingResults', actions: 'recordResponse' },
            { guard: 'answeredWithoutTools', target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'recordAnswer'] },
            { guard: 'iterationLimitReached', target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'refuseOverLimit'] },
            { guard: 'responseIncomplete', target: 'appendingResults.persistingResults', actions: ['recordResponse', 'refuseIncomplete', 'countIteration'] },
            // The assistant message is persisted before any of its calls starts.
            { guard: 'hasSession', target: 'executingBatch.recordingCalls', actions: { type: 'recordResponseAndOpenBatch', params: { startCalls: 0 } } },
            // Without a session there is nothing to record first: the calls start at once, one
            // of a serial batch, as many of a concurrent one as maxConcurrency lets.
            { guard: 'batchIsSerial', target: 'executingBatch.runningSerially', actions: { type: 'recordResponseAndOpenBatch', params: { startCalls: 1 } } },
            {
              guard: 'batchIsConcurrent',
              target: 'executingBatch.runningConcurrently',
              actions: { type: 'recordResponseAndOpenBatch', params: ({ context, event }) => ({ startCalls: openingSlots(context, event.response.toolCalls.length) }) },
            },
          ],
          ...whileRequesting,
        },
      },
      // The last turn of a Run with `output` (docs/output.md): the iteration limit would end the
      // loop, or the model answered in text. Only final_answer is offered, and its calls never
      // run as tools: the answer is judged here, every other call refused.
      requestingFinalAnswer: {
        entry: 'announceRequest',
        invoke: { id: 'provider', src: 'callProvider', input: ({ context }) => providerInput(context, true) },
        on: {
          'provider.answered': [
            ...answerJudgedFirst,
            { guard: 'finalAnswerValid', target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'recordFinalTurnResults', 'recordFinalTurnAnswer'] },
            { guard: 'withoutFinalAnswer', target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'recordFinalTurnResults', 'recordOutputMissing'] },
            // A refused answer goes back to the model as its call's error result, while retries are left.
            { guard: 'outputRetryLeft', target: 'appendingResults.persistingResults', actions: ['recordResponse', 'recordFinalTurnResults'] },
            { target: 'appendingResults.persistingEnd', actions: ['recordResponse', 'recordFinalTurnResults', 'failOutputInvalid'] },
          ],
          ...whileRequesting,
        },
      },
      executingBatch: {
        initial: 'recordingCalls',
        on: {
          'tool.approvalRequested': { actions: ['emitApprovalRequested', 'checkpointApprovals'] },
          'tool.approvalResolved': { actions: ['emitApprovalResolved', 'checkpointApprovals'] },
          'tool.hookDecided': { actions: 'emitHookDecided' },
          'tool.starting': { actions: 'recordCallStart' },
          'session.startRecorded': { actions: 'answerCallStart' },
          // Only a running call can have started a sub-agent: its events are dropped in any other state.
          'subagent.event': { actions: 'emitSubagentEvent' },
          APPROVE: { actions: 'forwardAnswer' },
          DENY: { actions: 'forwardAnswer' },
          'xstate.error.actor.*': { guard: 'errorFromToolCall', actions: 'recordToolCrash' },
        },
        states: {
          recordingCalls: {
            entry: { type: 'persistNewMessages', params: { resumed: false } },
            on: {
              'session.persisted': [
                { guard: 'cancelRequested', target: 'cancelling', actions: 'markPersisted' },
                { guard: 'batchIsSerial', target: 'runningSerially', actions: ['markPersisted', 'startNextCall'] },
                {
                  guard: 'batchIsConcurrent',
                  target: 'runningConcurrently',
                  actions: ['markPersisted', { type: 'startCalls', params: ({ context }) => ({ count: freeSlots(context.batch, context.limits.maxConcurrency) }) }],
                },
              ],
              'session.failed': { target: '#run.failed', actions: ['refuseUnpersistedBatch', 'markSessionFailed', 'keepLiveCause'] },
              CANCEL: { actions: 'requestCancel' },
              'run.resumed': { actions: { type: 'persistNewMessages', params: { resumed: true } } },
            },
          },
          // One call at a time, in call order: the next starts when the running one settles.
          runningSerially: {
            on: {
              // The last result closes the batch in the same microstep.
              'xstate.done.actor.*': [
                { guard: 'resultClosesBatch', target: '#run.appendingResults.persistingResults', actions: 'recordLastCallResult' },
                { guard: { type: 'slotFreeAndCallWaiting', params: { maxConcurrency: 1 } }, actions: ['recordCallResult', 'startNextCall'] },
              ],
              CANCEL: { target: 'cancelling', actions: ['requestCancel', 'abortRunningCalls'] },
              'run.resumed': { actions: ['resumeRunningCalls', { type: 'startCalls', params: ({ context }) => ({ count: freeSlots(context.batch, 1) }) }] },
            },
            always: { guard: 'batchSettled', target: '#run.appendingResults.persistingResults', actions: 'appendBatchResults' },
          },
          // Up to limits.maxConcurrency calls at once, started in call order as slots free up.
          runningConcurrently: {
            on: {
              'xstate.done.actor.*': [
                { guard: 'resultClosesBatch', target: '#run.appendingResults.persistingResults', actions: 'recordLastCallResult' },
                {
                  guard: { type: 'slotFreeAndCallWaiting', params: ({ context }) => ({ maxConcurrency: context.limits.maxConcurrency }) },
                  actions: ['recordCallResult', 'startNextCall'],
                },
                { actions: 'recordCallResult' },
              ],
              CANCEL: { target: 'cancelling', actions: ['requestCancel', 'abortRunningCalls'] },
              'run.resumed': {
                actions: ['resumeRunningCalls', { type: 'startCalls', params: ({ context }) => ({ count: freeSlots(context.batch, context.limits.maxConcurrency) }) }],
              },
            },
            always: { guard: 'batchSettled', target: '#run.appendingResults.persistingResults', actions: 'appendBatchResults' },
          },
          // Running calls were told to abort; wait for each to settle or give up after its grace.
          // Calls that never started are refused only then: a serial batch's events never overlap.
          cancelling: {
            on: {
              'xstate.done.actor.*': { actions: 'recordCallResult' },
              'run.resumed': { actions: 'interruptRunningCalls' },
            },
            always: [
              { guard: 'batchSettled', target: '#run.appendingResults.persistingEnd', actions: 'appendBatchResults' },
              { guard: 'noCallRunningAndCallWaiting', actions: 'refuseWaitingCalls' },
            ],
          },
        },
      },
      // The new messages are written; then the Run loops (persistingResults) or ends (persistingEnd).
      appendingResults: {
        entry: { type: 'persistNewMessages', params: { resumed: false } },
        initial: 'persistingResults',
        on: {
          'session.failed': { target: 'failed', actions: ['markSessionFailed', 'keepLiveCause'] },
          // A write in progress is never abandoned: the cancel takes effect once it is durable.
          CANCEL: { actions: 'requestCancel' },
          'run.resumed': { actions: { type: 'persistNewMessages', params: { resumed: true } } },
        },
        states: {
          persistingResults: {
            on: {
              'session.persisted': [
                { guard: 'cancelRequested', target: '#run.closing', actions: ['markPersisted', { type: 'decideEnding', params: { status: 'cancelled' } }] },
                // A batch's final_answer call was accepted: the other calls ran, then the answer is taken.
                {
                  guard: 'finalAnswerAccepted',
                  target: '#run.closing',
                  actions: ['markPersisted', 'recordFinalAnswer', { type: 'decideEnding', params: { status: 'completed' } }],
                },
                {
                  guard: 'outputRetriesExhausted',
                  target: '#run.closing',
                  actions: ['markPersisted', 'failOutputInvalid', { type: 'decideEnding', params: { status: 'failed' } }],
                },
                // Nothing is left to write: the Run ends at the limit at once.
                {
                  guard: 'budgetExhausted',
                  target: '#run.closing',
                  actions: ['markPersisted', 'recordBudgetExhausted', { type: 'decideEnding', params: { status: 'limit_reached' } }],
                },
                { guard: 'finalTurnDue', target: '#run.requestingFinalAnswer', actions: 'markPersisted' },
                { guard: 'cancelNotRequested', target: '#run.awaitingProvider', actions: 'markPersisted' },
              ],
            },
          },
          // A failure stands; otherwise a CANCEL received before the end wins, even over an
          // answer already written: nothing is reported as a success after a cancel.
          persistingEnd: {
            on: {
              'session.persisted': [
                { guard: { type: 'outcomeIs', params: { status: 'failed' } }, target: '#run.closing', actions: ['markPersisted', { type: 'decideEnding', params: { status: 'failed' } }] },
                { guard: 'cancelRequested', target: '#run.closing', actions: ['markPersisted', { type: 'decideEnding', params: { status: 'cancelled' } }] },
                {
                  guard: { type: 'outcomeIs', params: { status: 'completed' } },
                  target: '#run.closing',
                  actions: ['markPersisted', { type: 'decideEnding', params: { status: 'completed' } }],
                },
                {
                  guard: { type: 'outcomeIs', params: { status: 'limit_reached' } },
                  target: '#run.closing',
                  actions: ['markPersisted', { type: 'decideEnding', params: { status: 'limit_reached' } }],
                },
              ],
            },
          },
        },
      },
      // The session records the Run's end (`finish`: it can no longer be resumed), then the Run reports it.
      closing: {
        entry: 'closeSession',
        on: {
          'session.finished': [
            { guard: { type: 'endingIs', params: { status: 'completed' } }, target: 'done' },
            { guard: { type: 'endingIs', params: { status: 'limit_reached' } }, target: 'limitReached' },
            { guard: { type: 'endingIs', params: { status: 'cancelled' } }, target: 'cancelled' },
            { guard: { type: 'endingIs', params: { status: 'failed' } }, target: 'failed' },
          ],
          'run.resumed': { actions: 'closeSession' },
        },
      },
      done: { type: 'final', entry: { type: 'reportOutcome', params: { status: 'completed' } } },
      limitReached: { type: 'final', entry: { type: 'reportOutcome', params: { status: 'limit_reached' } } },
      cancelled: { type: 'final', entry: { type: 'reportOutcome', params: { status: 'cancelled' } } },
      failed: { type: 'final', entry: { type: 'reportOutcome', params: { status: 'failed' } } },
    },
    output: ({ context }) => context.output!,
  });
}

/**
 * The Run machine, bound to no environment: use `createRunActor`, or bind one with
 * `provideRunEnvironment`. `createActor(runMachine, { input })` fails at start with a
 * ConfigurationError that says the environment is missing.
 */
export const runMachine = runMachineFor(missingRunEnvironment);

/** An actor logic of the Run machine, bound or not. */
export type RunMachine = typeof runMachine;

/**
 * The Run machine with its actors, guards and actions bound to `environment` through
 * `machine.provide`. Building one costs about a machine's construction: bind once per set of
 * tools (createAgent does, per registry state), not per Run.
 * @example
 * import { createActor } from 'xstate';
 * import { resolveLimits } from '../src/limits.js';
 * import { ToolRegistry } from '../src/tools/registry.js';
 * const echo = { name: 'echo', description: 'Replies with its text', parameters: { type: 'object' }, execute: async (args: Record<string, unknown>) => String(args.text) } as const;
 * const machine = provideRunEnvironment({ provider, tools: new ToolRegistry([echo]).snapshot(), store: undefined, now: Date.now, instructions: undefined, approve: undefined, withoutApprover: 'wait' });
 * createActor(machine, { input: { runId: 'r1', limits: resolveLimits(), input: 'Hi' } }).start();
 */
export function provideRunEnvironment(environment: RunEnvironment): RunMachine {
  return runMachine.provide(runMachineFor(environment).implementations);
}
