// The ToolCall machine as a test model: the real `toolCallMachine`, explored purely from one
// representative call per validation outcome, with representative tool results, CANCEL and the
// grace timer as events. toolCallReplay.ts replays the paths on real ToolCall actors.
import type { SnapshotFrom } from 'xstate';
import { toolCallMachine, toolCallMachineFor, type ToolCallInput } from '../../machines/toolCall.machine.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import { resolveLimits, ToolRegistry, type RunLimits, type ToolCallRequest, type ToolResult } from '../../src/index.js';
import { allStateNodes, valueName } from './machineGraph.js';
import { modelPaths, pureMachineLogic, type ModelEvent, type ModelPath, type ModelState } from './pureMachineLogic.js';
import { modelTools, toolReturn, type ToolOutcome } from './runPayloads.js';
import type { RunEnvironment } from '../../machines/environment.js';
import { modelEnvironment } from './runModel.js';

type ToolCallSnapshot = SnapshotFrom<typeof toolCallMachine>;
export type ToolCallModelState = ModelState<ToolCallSnapshot>;

/** What the replay does to make a real ToolCall actor receive the model event. */
export type ToolCallStimulus =
  | { kind: 'start' }
  | { kind: 'settle'; outcome: ToolOutcome }
  | { kind: 'cancel' }
  | { kind: 'graceExpires' }
  /** The tool's needsApproval function answers (or throws). */
  | { kind: 'decide'; answer: boolean | 'throws' }
  /** APPROVE or DENY sent to the call. */
  | { kind: 'answerEvent'; approved: boolean }
  /** The Run's approve callback answers (or throws). */
  | { kind: 'approver'; answer: boolean | 'throws' }
  /** The Run recorded the call's start in a durable session, or could not. */
  | { kind: 'startRecord'; ok: boolean }
  /** The Run was restored from a snapshot taken while the call executed. */
  | { kind: 'resumed' };
export type ToolCallModelEvent = ModelEvent & { stimulus: ToolCallStimulus };

/** One call per way validation can end. */
export const toolCallInputs = {
  valid: { id: 'call-1', name: 'work', arguments: '{"n":1}' },
  'unknown tool': { id: 'call-1', name: 'nope', arguments: '{}' },
  'invalid JSON': { id: 'call-1', name: 'work', arguments: '{"n":' },
  'invalid arguments': { id: 'call-1', name: 'work', arguments: '{"n":"one"}' },
  'needs approval': { id: 'call-1', name: 'guard', arguments: '{"n":1}' },
  'asks about approval': { id: 'call-1', name: 'check', arguments: '{"n":1}' },
  /** A tool that may run again (effects 'none'), so a restored execution restarts. */
  'read-only': { id: 'call-1', name: 'read', arguments: '{"n":1}' },
  /** In a durable session: its start is recorded before it runs. */
  'start recorded': { id: 'call-1', name: 'work', arguments: '{"n":1}' },
  /** Resumed after it may have run, with a tool that runs once. */
  'resumed, interrupted': { id: 'call-1', name: 'work', arguments: '{"n":1}' },
} satisfies Record<string, ToolCallRequest>;
export type ToolCallInputName = keyof typeof toolCallInputs;

/** Who answers an approval request: the approve callback, a person sending APPROVE/DENY (wait), or nobody (deny). */
export type ApprovalPolicy = 'approver' | 'wait' | 'deny';

/** The policies each call is explored with: only calls that may need approval depend on one. */
export function policiesFor(input: ToolCallInputName): ApprovalPolicy[] {
  return input === 'needs approval' || input === 'asks about approval' ? ['approver', 'wait', 'deny'] : ['approver'];
}

export interface ToolCallPath extends ModelPath<ToolCallSnapshot, ToolCallModelEvent> {
  input: ToolCallInputName;
  policy: ApprovalPolicy;
}

export const toolCallLimits: RunLimits = resolveLimits({ maxOutputChars: 400, cancelGraceMs: 1_000 });

export function toolCallInput(name: ToolCallInputName): ToolCallInput {
  const input: ToolCallInput = {
    runId: 'run-model',
    iteration: 1,
    index: 0,
    call: toolCallInputs[name],
    maxOutputChars: toolCallLimits.maxOutputChars,
    maxArgumentsChars: toolCallLimits.maxArgumentsChars,
    cancelGraceMs: toolCallLimits.cancelGraceMs,
  };
  if (name === 'start recorded') input.recordStart = true;
  if (name === 'resumed, interrupted') input.interrupted = true;
  return input;
}

/** A ToolCall's environment: the tools, the clock and the approval policy. */
export function toolCallEnvironment(tools: ToolRegistry, now: () => number, policy: ApprovalPolicy, approve: RunEnvironment['approve']): RunEnvironment {
  return { ...modelEnvironment(), tools: tools.snapshot(), now, approve: policy === 'approver' ? approve : undefined, withoutApprover: policy === 'deny' ? 'deny' : 'wait' };
}

/** The result `execute` settles with, as runTool reports it (before the output limit). */
function settledResult(outcome: ToolOutcome, toolName: string): ToolResult {
  const returned = toolReturn(outcome, 'call-1', toolCallLimits);
  if ('error' in returned) return errorResult('tool_error', `Tool "${toolName}" failed: ${returned.error.message}`);
  return typeof returned.value === 'string' ? { content: returned.value } : returned.value;
}

const settle = (outcome: ToolOutcome, toolName = 'work'): ToolCallModelEvent => ({
  type: 'tool.settled',
  result: settledResult(outcome, toolName),
  label: `tool settles: ${outcome}`,
  stimulus: { kind: 'settle', outcome },
});
const cancel: ToolCallModelEvent = { type: 'CANCEL', label: 'CANCEL', stimulus: { kind: 'cancel' } };
/** Delayed transitions (`after`) as the events their timers send, read from the definition. */
const delayedEventTypes = new Set(allStateNodes(toolCallMachine).flatMap((node) => node.after.map((t) => t.eventType)));

const failure = new Error('unavailable');
const decide = (answer: boolean | 'throws'): ToolCallModelEvent =>
  answer === 'throws'
    ? { type: 'xstate.error.actor.decideApproval', actorId: 'decideApproval', error: failure, label: 'needsApproval throws', stimulus: { kind: 'decide', answer } }
    : { type: 'xstate.done.actor.decideApproval', actorId: 'decideApproval', output: answer, label: `needsApproval → ${answer}`, stimulus: { kind: 'decide', answer } };
const approver = (answer: boolean | 'throws'): ToolCallModelEvent =>
  answer === 'throws'
    ? { type: 'xstate.error.actor.askApprover', actorId: 'askApprover', error: failure, label: 'approve throws', stimulus: { kind: 'approver', answer } }
    : { type: 'xstate.done.actor.askApprover', actorId: 'askApprover', output: { approved: answer }, label: `approve → ${answer}`, stimulus: { kind: 'approver', answer } };
const approveEvent: ToolCallModelEvent = { type: 'APPROVE', callId: 'call-1', label: 'APPROVE', stimulus: { kind: 'answerEvent', approved: true } };
const denyEvent: ToolCallModelEvent = { type: 'DENY', callId: 'call-1', reason: 'no', label: 'DENY', stimulus: { kind: 'answerEvent', approved: false } };
const startRecorded: ToolCallModelEvent = { type: 'tool.startRecorded', label: 'start recorded', stimulus: { kind: 'startRecord', ok: true } };
export const startRefusedResult = errorResult('session_error', 'Not run: the session could not record that this call starts.');
const startRefused: ToolCallModelEvent = { type: 'tool.startRefused', result: startRefusedResult, label: 'start not recorded', stimulus: { kind: 'startRecord', ok: false } };
const resumed: ToolCallModelEvent = { type: 'run.resumed', label: 'restored', stimulus: { kind: 'resumed' } };

function eventsFor(state: ToolCallModelState): ToolCallModelEvent[] {
  const { snapshot } = state;
  if (snapshot.status !== 'active') return [];
  const value = valueName(snapshot.value);
  if (value === 'checkingApproval') return [decide(true), decide(false), decide('throws'), cancel];
  if (value === 'awaitingApproval.askingApprover') return [approveEvent, denyEvent, approver(true), approver(false), approver('throws'), cancel];
  if (value === 'awaitingApproval.waitingForAnswer') return [approveEvent, denyEvent, cancel];
  if (value === 'recordingStart') return [startRecorded, startRefused, cancel, resumed];
  const graceTimers = snapshot._nodes.flatMap((node) => node.after.map((t) => t.eventType)).filter((type) => delayedEventTypes.has(type));
  if (graceTimers.length > 0) {
    return [settle('stopped'), ...graceTimers.map((type) => ({ type, label: 'grace expires', stimulus: { kind: 'graceExpires' as const } })), cancel];
  }
  const name = snapshot.context.call.name;
  return [settle('ok', name), settle('own_error', name), settle('tool_error', name), settle('truncated', name), cancel, resumed];
}

const describeState = (snapshot: ToolCallSnapshot) => ({ value: snapshot.value, status: snapshot.status, result: snapshot.context.result?.code });

/** Alone, a ToolCall has no Run to report approval to: those reports are the Run model's events. */
export const withoutReports = { actions: { announceApprovalRequest: () => {}, announceApproved: () => {}, announceDenied: () => {}, announceStarting: () => {} } };

/** A shortest path to every transition of the ToolCall graph, for one representative call and approval policy. */
export function generateToolCallPaths(input: ToolCallInputName, policy: ApprovalPolicy): ToolCallPath[] {
  const tools = new ToolRegistry(modelTools(() => Promise.reject(new Error('the model never executes tools'))));
  const environment = toolCallEnvironment(tools, () => 0, policy, () => new Promise(() => {}));
  const logic = pureMachineLogic<ToolCallSnapshot>({
    // Tool execution is the invoked actor's; in the model its outcome comes back as an event.
    machine: toolCallMachineFor(environment).provide(withoutReports),
    input: toolCallInput(input),
    describe: describeState,
  });
  const paths = modelPaths(logic, {
    events: eventsFor,
    stateKey: (state) => JSON.stringify(describeState(state.snapshot)),
    start: { type: 'xstate.init', label: 'start', stimulus: { kind: 'start' } },
    endName: (state) => valueName(state.snapshot.value),
  });
  return paths.map((path) => ({ input, policy, ...path }));
}
