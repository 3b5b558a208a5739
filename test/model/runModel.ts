// The Run machine as a test model: the real `runMachine`, explored purely with the
// representative payloads of runPayloads.ts, and an abstract state key that keeps the graph
// finite. Paths come from xstate/graph's TestModel; runReplay.ts replays them for real.
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import { provideRunEnvironment, type runMachine, type RunMachine, type RunMachineInput } from '../../machines/run.machine.js';
import type { RunEnvironment } from '../../machines/environment.js';
import type { ToolCallOutput } from '../../machines/toolCall.machine.js';
import { normalizeResponse } from '../../machines/run/normalizeResponse.js';
import { interruptedRunResult } from '../../machines/run/interruptedResult.js';
import type { RunResumePoint } from '../../machines/run/runContext.js';
import { toolChildId } from '../../machines/run/runSteps.js';
import { resolveLimits, ToolRegistry, type RunLimits } from '../../src/index.js';
import { modelPaths, pureMachineLogic, type ModelEvent, type ModelPath, type ModelState } from './pureMachineLogic.js';
import { parsePermissionRules } from '../../src/index.js';
import { compileOutput, withFinalAnswer, type CompiledOutput } from '../../src/output/outputSchema.js';
import {
  answerRecorded,
  modelOutputSchema,
  expectedResult,
  guardRuleReason,
  runModelPermissions,
  malformedReply,
  modelTools,
  outcomesByReply,
  replies,
  replyOf,
  type ProviderFailure,
  type ReplyName,
  type ToolOutcome,
} from './runPayloads.js';
import type { RunPathSet } from './runPathSets.js';
import { valueName } from './machineGraph.js';
import { cancelledWhileWaitingResult, deniedResult } from '../../machines/toolCall/approvalResults.js';
import { limitOutput } from '../../src/tools/calls/limitOutput.js';
import { RunErrorCode, type RunEvent, type ToolResult } from '../../src/index.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';

type RunSnapshot = SnapshotFrom<typeof runMachine>;
export type RunModelState = ModelState<RunSnapshot>;

/** What the replay does to make the real runtime produce a model event. */
export type RunStimulus =
  | { kind: 'start' }
  | { kind: 'cancel' }
  | { kind: 'reply'; reply: ReplyName; batch: number }
  | { kind: 'providerFailure'; failure: ProviderFailure }
  | { kind: 'textDelta'; delta: string }
  | { kind: 'sessionWrite'; ok: boolean }
  /** A durable session: the record that a call starts is written (or fails). */
  | { kind: 'startRecord'; ok: boolean }
  /** A durable session: the Run's end (`finish`) is written. */
  | { kind: 'sessionFinish' }
  | { kind: 'tool'; callId: string; outcome: ToolOutcome }
  /** APPROVE or DENY sent to the Run actor for a call. */
  | { kind: 'answer'; callId: string; approved: boolean }
  /** A sub-agent started by a running call reports one of its events to the Run actor. */
  | { kind: 'subagentEvent'; event: RunEvent }
  /** The Run's persisted snapshot goes through JSON into a new actor (createRunActor's `snapshot`). */
  | { kind: 'restore' }
  /** A call rejected by validation: the runtime finishes it on its own. */
  | { kind: 'none' };

export type RunModelEvent = ModelEvent & { stimulus: RunStimulus };

/** A generated path and the path set it belongs to. */
export interface RunPath extends ModelPath<RunSnapshot, RunModelEvent> {
  set: RunPathSet;
}

export function resolvedLimits(set: RunPathSet): RunLimits {
  return resolveLimits({ maxConcurrency: 2, maxOutputChars: 400, cancelGraceMs: 1_000, ...set.limits });
}

const noProvider = { complete: () => Promise.reject(new Error('the model never calls the provider')) };
const noStore = { load: async () => [], append: async () => {} };
const neverExecuted = () => Promise.reject(new Error('the model never executes tools'));

function modelInput(set: RunPathSet): RunMachineInput {
  const input: RunMachineInput = {
    runId: 'run-model',
    limits: resolvedLimits(set),
    input: 'Do the thing.',
    history: [],
    sessionId: set.session || set.durable ? 'model' : undefined,
    cancelled: set.aborted === true,
    answer: set.output ? { mode: set.output.outputMode ?? 'tool', maxRetries: set.output.maxOutputRetries ?? 2 } : undefined,
  };
  if (set.durable) input.durableSession = true;
  if (set.resume) input.resume = resumePointOf(set.resume);
  return input;
}

/** The representative points a resumed Run picks up from: inside a batch (a call of it interrupted or not), or with its answer stored. */
export function resumePointOf(kind: NonNullable<RunPathSet['resume']>): RunResumePoint {
  const user = { role: 'user' as const, content: 'Do the thing.' };
  if (kind === 'answered') return { messages: [user, { role: 'assistant', content: 'All done.' }], iterations: 0, answer: 'All done.' };
  const reply = kind === 'concurrent batch' ? 'concurrent' : 'serial';
  const { toolCalls } = normalizeResponse(replies[reply](1));
  // The concurrent batch's calls had both started (as if their tools ran once): each is interrupted, none runs.
  const interrupted = kind === 'interrupted call' ? [0] : kind === 'concurrent batch' ? [0, 1] : [];
  const batch = { calls: toolCalls, concurrent: reply === 'concurrent', interrupted };
  return { messages: [user, { role: 'assistant', content: '', toolCalls }], iterations: 1, batch };
}

/** The compiled output of a path set that has one. */
export function modelOutput(set: { output?: RunPathSet['output'] }): CompiledOutput | undefined {
  return set.output ? compileOutput(modelOutputSchema, set.output) : undefined;
}

/** The model's environment: the real tools (never executed) and a clock at 0. */
export function modelEnvironment(output?: CompiledOutput): RunEnvironment {
  const tools = new ToolRegistry(modelTools(neverExecuted)).snapshot();
  return {
    output,
    provider: noProvider,
    tools: output ? withFinalAnswer(tools, output) : tools,
    store: noStore,
    now: () => 0,
    instructions: undefined,
    approve: undefined,
    withoutApprover: 'wait',
    permissions: parsePermissionRules(runModelPermissions),
  };
}

function settledCalls(history: readonly AnyEventObject[]): Set<string> {
  const settled = new Set<string>();
  for (const event of history) if (event.type === 'tool.completed' || event.type === 'tool.failed') settled.add(event.callId as string);
  return settled;
}

type ApprovalPhase = 'undecided' | 'unasked' | 'requested' | 'answered' | 'approved' | 'denied';

/** Where a call needing approval stands, from what the Run emitted and the last event. */
function approvalPhase(callId: string, history: readonly AnyEventObject[], lastEvent: AnyEventObject | undefined): ApprovalPhase {
  const resolved = history.find((event) => event.type === 'tool.approval_resolved' && event.callId === callId);
  if (resolved) return resolved.approved ? 'approved' : 'denied';
  if ((lastEvent?.type === 'APPROVE' || lastEvent?.type === 'DENY') && lastEvent.callId === callId) return 'answered';
  if (!history.some((event) => event.type === 'tool.hook_decided' && event.callId === callId)) return 'undecided';
  return history.some((event) => event.type === 'tool.approval_requested' && event.callId === callId) ? 'requested' : 'unasked';
}

/**
 * What the future of a Run depends on: its state, counters, flags and where each call of its
 * batch is; and, as the contract counts them rather than the machine, the responses with calls
 * so far and whether a CANCEL was sent. For the real machine these agree with its own counters;
 * a machine that miscounts or ignores a CANCEL reaches states the model then explores further.
 */
function abstractState(snapshot: RunSnapshot, history: readonly AnyEventObject[] = [], lastEvent?: AnyEventObject, received?: ReadonlySet<string>) {
  const { context, children } = snapshot;
  const settled = settledCalls(history);
  const batch = context.batch;
  return {
    value: snapshot.value,
    status: snapshot.status,
    iterations: context.iterations,
    cancelRequested: context.cancelRequested,
    outcome: context.outcome?.status,
    // Refused answers so far (the retry guards count them).
    refusedAnswers: history.filter((event) => event.type === 'tool.failed' && event.toolName === 'final_answer').length,
    // The budget guards read these (the clock of the model stands still).
    spent: [context.spent.inputTokens, context.spent.outputTokens, context.spent.totalTokens, context.spent.toolCalls, context.spent.costUsd],
    calls: batch?.calls.map((call, index) => {
      const where = settled.has(call.id) ? 'settled' : toolChildId(index) in children ? 'running' : 'waiting';
      const approval = call.name === 'guard' ? `:${approvalPhase(call.id, history, lastEvent)}` : '';
      return `${call.id}:${where}${approval}`;
    }),
    unpersisted: context.sessionId === undefined ? undefined : context.messages.length - context.persistedCount,
    // Bounded: past the limit the count no longer matters (and a miscounting machine would loop forever).
    responsesWithCalls: Math.min(history.filter((event) => event.type === 'provider.responded' && (event.toolCallCount as number) > 0).length, context.limits.maxIterations + 1),
    cancelSent: received?.has('CANCEL') === true,
    // A durable session's call start: reported, recorded (the model's batches have one such call).
    startReported: received?.has('tool.starting') === true,
    startRecorded: received?.has('session.startRecorded') === true,
  };
}

export const stateKey = (state: RunModelState) => JSON.stringify(abstractState(state.snapshot, state.history, state.lastEvent, state.received));

const cancel: RunModelEvent = { type: 'CANCEL', label: 'CANCEL', stimulus: { kind: 'cancel' } };

function providerReply(reply: ReplyName, batch: number): RunModelEvent {
  const response = normalizeResponse(replies[reply](batch));
  return { type: 'provider.answered', response, label: `provider → ${reply}`, stimulus: { kind: 'reply', reply, batch } };
}

function providerFailure(failure: ProviderFailure): RunModelEvent {
  let error: unknown = new Error('provider unavailable');
  if (failure === 'malformed') {
    try {
      normalizeResponse(malformedReply);
    } catch (thrown) {
      error = thrown;
    }
  }
  return { type: 'provider.failed', error, label: `provider ${failure}`, stimulus: { kind: 'providerFailure', failure } };
}

function toolEvent(snapshot: RunSnapshot, index: number, outcome: ToolOutcome, limits: RunLimits): RunModelEvent {
  const batch = snapshot.context.batch!;
  const call = batch.calls[index]!;
  const actorId = toolChildId(index);
  const base = { actorId, label: `${call.id} ${outcome}`, stimulus: { kind: 'tool', callId: call.id, outcome } as const };
  if (outcome === 'crash') return { type: `xstate.error.actor.${actorId}`, error: new Error('clock failed'), ...base };
  const output = { index, call, result: expectedResult(outcome, call.id, limits), durationMs: 0 };
  return { type: `xstate.done.actor.${actorId}`, output, ...base };
}

const restore: RunModelEvent = { type: 'run.resumed', label: 'restored from its snapshot', stimulus: { kind: 'restore' } };

const textDelta: RunModelEvent = { type: 'provider.textDelta', delta: 'Thinking', label: 'text delta', stimulus: { kind: 'textDelta', delta: 'Thinking' } };

/** Whether a running call had reached `execute` (a call needing approval only once approved). */
function isExecuting(state: RunModelState, call: { id: string; name: string }): boolean {
  return call.name !== 'guard' || approvalPhase(call.id, state.history, undefined) === 'approved';
}

function toolChildren(snapshot: RunSnapshot): { index: number; status: string; output: unknown }[] {
  const batch = snapshot.context.batch;
  if (!batch) return [];
  return batch.calls.flatMap((_, index) => {
    const child = snapshot.children[toolChildId(index)];
    if (!child) return [];
    const childSnapshot = child.getSnapshot();
    return [{ index, status: childSnapshot.status, output: childSnapshot.output }];
  });
}

/** The events the model offers in a state: everything that can happen next, with representative payloads. */
export function eventsFor(set: RunPathSet) {
  const limits = resolvedLimits(set);
  return (state: RunModelState): RunModelEvent[] => {
    const { snapshot } = state;
    if (snapshot.status !== 'active') return [];
    const children = toolChildren(snapshot);
    const calls = snapshot.context.batch?.calls ?? [];
    const report = (event: AnyEventObject, label: string): RunModelEvent => ({ ...event, label, stimulus: { kind: 'none' } });
    const finished = (index: number, result: ToolResult, label: string): RunModelEvent =>
      report({ type: `xstate.done.actor.${toolChildId(index)}`, actorId: toolChildId(index), output: { index, call: calls[index]!, result, durationMs: 0 } }, label);
    // A call rejected by validation finishes as soon as it starts: nothing can come before it.
    // So does the runtime's own final_answer tool, whose execute resolves at once.
    const instant = children.find((child) => child.status === 'done' || calls[child.index]!.name === 'final_answer');
    if (instant) {
      const actorId = toolChildId(instant.index);
      if (instant.status !== 'done') {
        const call = snapshot.context.batch!.calls[instant.index]!;
        const output = { index: instant.index, call, result: answerRecorded, durationMs: 0 };
        return [{ type: `xstate.done.actor.${actorId}`, actorId, output, label: `${call.id} answer recorded`, stimulus: { kind: 'none' } }];
      }
      const { call, result } = instant.output as ToolCallOutput;
      const label = `${call.id} rejected: ${result.code}`;
      return [{ type: `xstate.done.actor.${actorId}`, actorId, output: instant.output, label, stimulus: { kind: 'none' } }];
    }
    // A restored execution of a tool that runs once is interrupted by its ToolCall at once; one that may run again runs again.
    if (state.lastEvent?.type === 'run.resumed') {
      const interrupted = children.find(({ index }) => isExecuting(state, calls[index]!) && calls[index]!.name !== 'read');
      if (interrupted) return [finished(interrupted.index, limitOutput(interruptedRunResult(), limits.maxOutputChars), `${calls[interrupted.index]!.id} interrupted`)];
    }
    // A durable session records each call's start before it runs: the ToolCall reports it, the session writes it.
    if (set.durable && children.length > 0 && !state.received.has('session.startRecorded')) {
      const { index } = children[0]!;
      const call = calls[index]!;
      if (!state.received.has('tool.starting')) {
        return [report({ type: 'tool.starting', index, callId: call.id, toolName: call.name, iteration: snapshot.context.batch!.iteration }, `${call.id} is about to start`)];
      }
      return [
        { type: 'session.startRecorded', index, label: `${call.id} start recorded`, stimulus: { kind: 'startRecord', ok: true } },
        { type: 'session.startRecorded', index, error: new Error('disk full'), label: `${call.id} start not recorded`, stimulus: { kind: 'startRecord', ok: false } },
      ];
    }
    if (state.lastEvent?.type === 'session.startRecorded' && 'error' in state.lastEvent) {
      const { index } = children[0]!;
      const refused = errorResult(RunErrorCode.sessionError, 'Not run: the session could not record that this call starts (disk full).');
      return [finished(index, limitOutput(refused, limits.maxOutputChars), `${calls[index]!.id} refused: session_error`)];
    }
    const value = valueName(snapshot.value);
    // A last turn opens no batch: its replies are numbered apart (from 100, by response) so that call ids stay unique.
    const responses = state.history.filter((event) => event.type === 'provider.responded').length;
    const batchNumber = value === 'requestingFinalAnswer' ? 100 + responses : snapshot.context.iterations + 1;
    const restores = set.restore ? [restore] : [];
    if (value === 'awaitingProvider' || value === 'requestingFinalAnswer') {
      return [
        ...set.replies.map((name) => providerReply(name, batchNumber)),
        ...set.providerFailures.map(providerFailure),
        ...(set.textDelta ? [textDelta] : []),
        cancel,
        ...restores,
      ];
    }
    if (value === 'closing') {
      return [{ type: 'session.finished', label: 'session finish written', stimulus: { kind: 'sessionFinish' } }, ...restores];
    }
    if (value === 'recordingInput' || value === 'executingBatch.recordingCalls' || value.startsWith('appendingResults')) {
      const count = snapshot.context.messages.length - snapshot.context.persistedCount;
      return [
        { type: 'session.persisted', count, label: 'session write ok', stimulus: { kind: 'sessionWrite', ok: true } },
        { type: 'session.failed', error: new Error('disk full'), label: 'session write fails', stimulus: { kind: 'sessionWrite', ok: false } },
        cancel,
        ...restores,
      ];
    }
    const running = value === 'executingBatch.runningSerially' || value === 'executingBatch.runningConcurrently';
    if (!running && value !== 'executingBatch.cancelling') return [cancel];
    const phase = running ? 'running' : 'cancelling';
    // A call needing approval: its request and answer are reported by its ToolCall (stimulus none).
    const approvals = children.filter(({ index }) => calls[index]!.name === 'guard');
    for (const { index } of approvals) {
      const call = calls[index]!;
      const stage = approvalPhase(call.id, state.history, state.lastEvent);
      const finishedWith = (result: ToolResult, label: string) => finished(index, result, label);
      const request = { runId: 'run-model', callId: call.id, toolName: call.name, iteration: snapshot.context.batch!.iteration, arguments: { n: 1 } };
      // The ask rule decides first, then the call asks for approval.
      if (stage === 'undecided') {
        return [report({ type: 'tool.hookDecided', index, callId: call.id, hook: 'permissions', decision: 'ask', reason: guardRuleReason }, `${call.id}: the ask rule decides`)];
      }
      if (stage === 'unasked') return [report({ type: 'tool.approvalRequested', index, request }, `${call.id} asks for approval`)];
      if (stage === 'answered') {
        const approved = state.lastEvent!.type === 'APPROVE';
        const resolved = approved ? { approved } : { approved, reason: 'no' };
        return [report({ type: 'tool.approvalResolved', index, callId: call.id, ...resolved }, `${call.id} ${approved ? 'approved' : 'denied'}`)];
      }
      if (stage === 'denied') return [finishedWith(limitOutput(deniedResult('no'), limits.maxOutputChars), `${call.id} ends denied`)];
      if (stage === 'requested' && phase === 'cancelling') return [finishedWith(cancelledWhileWaitingResult(), `${call.id} ends: cancelled while waiting`)];
      if (stage === 'requested') {
        return [
          { type: 'APPROVE', callId: call.id, label: `APPROVE ${call.id}`, stimulus: { kind: 'answer', callId: call.id, approved: true } },
          { type: 'DENY', callId: call.id, reason: 'no', label: `DENY ${call.id}`, stimulus: { kind: 'answer', callId: call.id, approved: false } },
          cancel,
          ...restores,
        ];
      }
    }
    // A sub-agent's event, as agentTool reports it while its call runs: passed on as it is.
    const first = calls[children[0]?.index ?? 0]!;
    const forwarded: RunEvent = { type: 'text.delta', delta: 'sub', runId: 'sub-run', seq: 0, time: 0, parentRunId: 'run-model', parentCallId: first.id };
    const subagent: RunModelEvent = { type: 'subagent.event', event: forwarded, label: `sub-agent event of ${first.id}`, stimulus: { kind: 'subagentEvent', event: forwarded } };
    return [
      subagent,
      ...children.flatMap(({ index }) =>
        outcomesByReply[replyOf(calls[index]!.id)][phase]
          .filter((outcome) => outcome !== 'abandoned' || children.length === 1)
          .map((outcome) => toolEvent(snapshot, index, outcome, limits)),
      ),
      cancel,
      ...restores,
    ];
  };
}

/** The Run machine bound to the model's environment; a planted bug changes it (plantedBugs.ts). */
export type MachineChange = (machine: RunMachine) => RunMachine;

/** The paths of one path set (see modelPaths), from the machine `change` gives (the real one by default). */
export function generateRunPaths(set: RunPathSet, change: MachineChange = (machine) => machine): RunPath[] {
  const machine = change(provideRunEnvironment(modelEnvironment(modelOutput(set))));
  const logic = pureMachineLogic<RunSnapshot>({ machine, input: modelInput(set), describe: (snapshot) => abstractState(snapshot) });
  const paths = modelPaths(logic, {
    events: eventsFor(set),
    stateKey,
    until: set.until,
    start: { type: 'xstate.init', label: 'start', stimulus: { kind: 'start' } },
    endName: (state) => valueName(state.snapshot.value),
  });
  return paths.map((path) => ({ set, ...path }));
}
