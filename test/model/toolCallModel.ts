// The ToolCall machine as a test model: the real `toolCallMachine`, explored purely from one
// representative call per validation outcome and per permission rule, with and without hooks,
// with representative tool results, hook answers, CANCEL and the grace and hook timers as
// events. toolCallReplay.ts replays the paths on real ToolCall actors.
import type { SnapshotFrom } from 'xstate';
import { toolCallMachine, toolCallMachineFor, type ToolCallInput } from '../../machines/toolCall.machine.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import { resolveLimits, ToolRegistry, type RunLimits, type ToolCallRequest, type ToolResult } from '../../src/index.js';
import { allStateNodes, valueName } from './machineGraph.js';
import { modelPaths, pureMachineLogic, type ModelEvent, type ModelPath, type ModelState } from './pureMachineLogic.js';
import { modelTools, toolReturn, type ToolOutcome } from './runPayloads.js';
import type { RunEnvironment } from '../../machines/environment.js';
import { modelEnvironment } from './runModel.js';
import { checkAfterAnswer, checkBeforeAnswer } from '../../machines/actors/hookActors.js';
import { parsePermissionRules, type AgentHooks, type Tool } from '../../src/index.js';

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
  /** The beforeToolCall hook answers (or throws). */
  | { kind: 'beforeHook'; answer: BeforeHookAnswer }
  /** The afterToolCall hook answers (or throws). */
  | { kind: 'afterHook'; answer: AfterHookAnswer }
  /** A hook did not answer within hookTimeoutMs. */
  | { kind: 'hookTimeout' }
  /** The Run recorded the call's start in a durable session, or could not. */
  | { kind: 'startRecord'; ok: boolean }
  /** The Run was restored from a snapshot taken while the call executed or its start was recorded. */
  | { kind: 'resumed' };

/** Representative beforeToolCall answers. */
export const beforeHookAnswers = {
  allow: { decision: 'allow' },
  deny: { decision: 'deny', reason: 'not today' },
  ask: { decision: 'ask', reason: 'a person should look' },
  none: undefined,
  'rewrites validly': { arguments: { n: 2 } },
  'rewrites invalidly': { decision: 'allow', arguments: { n: 'two' } },
  throws: 'throws',
} as const;
export type BeforeHookAnswer = keyof typeof beforeHookAnswers;

/** Representative afterToolCall answers. */
export const afterHookAnswers = {
  none: undefined,
  replaces: { result: 'reviewed' },
  'adds context': { additionalContext: 'Checked by the reviewer.' },
  throws: 'throws',
} as const;
export type AfterHookAnswer = keyof typeof afterHookAnswers;
export type ToolCallModelEvent = ModelEvent & { stimulus: ToolCallStimulus };

/** One call per way validation can end. */
export const toolCallInputs = {
  valid: { id: 'call-1', name: 'work', arguments: '{"n":1}' },
  'unknown tool': { id: 'call-1', name: 'nope', arguments: '{}' },
  'invalid JSON': { id: 'call-1', name: 'work', arguments: '{"n":' },
  'invalid arguments': { id: 'call-1', name: 'work', arguments: '{"n":"one"}' },
  'needs approval': { id: 'call-1', name: 'guard', arguments: '{"n":1}' },
  'asks about approval': { id: 'call-1', name: 'check', arguments: '{"n":1}' },
  'denied by a rule': { id: 'call-1', name: 'banned', arguments: '{"n":1}' },
  'asked by a rule': { id: 'call-1', name: 'asked', arguments: '{"n":1}' },
  'allowed by a rule': { id: 'call-1', name: 'trusted', arguments: '{"n":1}' },
  /** A tool that may run again (effects 'none'), so a restored execution restarts. */
  'read-only': { id: 'call-1', name: 'read', arguments: '{"n":1}' },
  /** In a durable session: its start is recorded before it runs. */
  'start recorded': { id: 'call-1', name: 'work', arguments: '{"n":1}' },
  /** Resumed after it may have run, with a tool that runs once. */
  'resumed, interrupted': { id: 'call-1', name: 'work', arguments: '{"n":1}' },
} satisfies Record<string, ToolCallRequest>;

/** The permission rules of every modelled call: each names one tool of ruleTools. */
export const toolCallRules = { deny: ['banned'], ask: ['asked'], allow: ['trusted'] };

/** The tools the rules name: `trusted` needs approval, which its allow rule skips. */
export function ruleTools(execute: Tool['execute']): Tool[] {
  const parameters = { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } as const;
  return [
    { name: 'banned', description: 'Denied by a rule', parameters, execute },
    { name: 'asked', description: 'Asked about by a rule', parameters, execute },
    { name: 'trusted', description: 'Allowed by a rule', parameters, needsApproval: true, execute },
  ];
}

/** The hooks' timeout in the model (shorter than the grace, so the two timers never meet). */
export const toolCallHookTimeoutMs = 500;

/** Calls explored with hooks as well: one that runs, one that needs approval, one per rule list, one validation refuses. */
export const hookedInputs: readonly ToolCallInputName[] = ['valid', 'needs approval', 'denied by a rule', 'asked by a rule', 'allowed by a rule', 'invalid arguments'];
export type ToolCallInputName = keyof typeof toolCallInputs;

/** Who answers an approval request: the approve callback, a person sending APPROVE/DENY (wait), or nobody (deny). */
export type ApprovalPolicy = 'approver' | 'wait' | 'deny';

/** The policies each call is explored with: only calls that may need approval depend on one. */
export function policiesFor(input: ToolCallInputName): ApprovalPolicy[] {
  return input === 'needs approval' || input === 'asks about approval' ? ['approver', 'wait', 'deny'] : ['approver'];
}

/** One explored setup: the call, who answers approvals, and whether the tool hooks are there. */
export interface ToolCallSetup {
  input: ToolCallInputName;
  policy: ApprovalPolicy;
  hooked: boolean;
}

/** Every setup the model explores. */
export function toolCallSetups(): ToolCallSetup[] {
  return (Object.keys(toolCallInputs) as ToolCallInputName[]).flatMap((input) =>
    [false, ...(hookedInputs.includes(input) ? [true] : [])].flatMap((hooked) => policiesFor(input).map((policy) => ({ input, policy, hooked }))),
  );
}

export interface ToolCallPath extends ModelPath<ToolCallSnapshot, ToolCallModelEvent>, ToolCallSetup {}

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

/** A ToolCall's environment: the tools, the clock, the approval policy, the rules and the hooks. */
export function toolCallEnvironment(tools: ToolRegistry, now: () => number, policy: ApprovalPolicy, approve: RunEnvironment['approve'], hooks?: AgentHooks): RunEnvironment {
  return {
    ...modelEnvironment(),
    tools: tools.snapshot(),
    now,
    approve: policy === 'approver' ? approve : undefined,
    withoutApprover: policy === 'deny' ? 'deny' : 'wait',
    permissions: parsePermissionRules(toolCallRules, { root: '/model' }),
    hooks,
    hookTimeoutMs: toolCallHookTimeoutMs,
  };
}

/** The model's registry: the modelled tools and the tools the rules name. */
export function toolCallTools(execute: Tool['execute'], decide?: () => Promise<boolean>): ToolRegistry {
  return new ToolRegistry([...modelTools(execute, decide), ...ruleTools(execute)]);
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

const hookTimeout = (type: string): ToolCallModelEvent => ({ type, label: 'the hook does not answer in time', stimulus: { kind: 'hookTimeout' } });

// What the hook actors end with, from the representative answers, read as the actors read them.
function beforeHook(answer: BeforeHookAnswer, tools: ToolRegistry, snapshot: ToolCallSnapshot): ToolCallModelEvent {
  const stimulus = { kind: 'beforeHook', answer } as const;
  const given = beforeHookAnswers[answer];
  if (given === 'throws') return { type: 'xstate.error.actor.beforeToolCall', actorId: 'beforeToolCall', error: failure, label: 'beforeToolCall throws', stimulus };
  const call = { id: snapshot.context.call.id, name: snapshot.context.call.name, arguments: snapshot.context.args ?? {} };
  const output = checkBeforeAnswer(given === undefined ? undefined : structuredClone(given), tools.snapshot(), call);
  return { type: 'xstate.done.actor.beforeToolCall', actorId: 'beforeToolCall', output, label: `beforeToolCall → ${answer}`, stimulus };
}

function afterHook(answer: AfterHookAnswer, snapshot: ToolCallSnapshot): ToolCallModelEvent {
  const stimulus = { kind: 'afterHook', answer } as const;
  const given = afterHookAnswers[answer];
  if (given === 'throws') return { type: 'xstate.error.actor.afterToolCall', actorId: 'afterToolCall', error: failure, label: 'afterToolCall throws', stimulus };
  const { context } = snapshot;
  const input = { runId: context.runId, iteration: context.iteration, call: { id: context.call.id, name: context.call.name, arguments: context.args ?? {} }, result: context.result! };
  const output = checkAfterAnswer(given === undefined ? undefined : structuredClone(given), input);
  return { type: 'xstate.done.actor.afterToolCall', actorId: 'afterToolCall', output, label: `afterToolCall → ${answer}`, stimulus };
}

function eventsFor(state: ToolCallModelState, tools: ToolRegistry): ToolCallModelEvent[] {
  const { snapshot } = state;
  if (snapshot.status !== 'active') return [];
  const value = valueName(snapshot.value);
  const timers = snapshot._nodes.flatMap((node) => node.after.map((t) => t.eventType)).filter((type) => delayedEventTypes.has(type));
  if (value === 'checkingHooks') return [...(Object.keys(beforeHookAnswers) as BeforeHookAnswer[]).map((answer) => beforeHook(answer, tools, snapshot)), ...timers.map(hookTimeout), cancel];
  if (value === 'reviewingResult') return [...(Object.keys(afterHookAnswers) as AfterHookAnswer[]).map((answer) => afterHook(answer, snapshot)), ...timers.map(hookTimeout), cancel];
  if (value === 'checkingApproval') return [decide(true), decide(false), decide('throws'), cancel];
  if (value === 'awaitingApproval.askingApprover') return [approveEvent, denyEvent, approver(true), approver(false), approver('throws'), cancel];
  if (value === 'awaitingApproval.waitingForAnswer') return [approveEvent, denyEvent, cancel];
  if (value === 'recordingStart') return [startRecorded, startRefused, cancel, resumed];
  if (timers.length > 0) {
    return [settle('stopped'), ...timers.map((type) => ({ type, label: 'grace expires', stimulus: { kind: 'graceExpires' as const } })), cancel];
  }
  const name = snapshot.context.call.name;
  return [settle('ok', name), settle('own_error', name), settle('tool_error', name), settle('truncated', name), cancel, resumed];
}

const describeState = (snapshot: ToolCallSnapshot) => ({ value: snapshot.value, status: snapshot.status, result: snapshot.context.result?.code });

/** Alone, a ToolCall has no Run to report approval to: those reports are the Run model's events. */
export const withoutReports = {
  actions: { announceApprovalRequest: () => {}, announceApproved: () => {}, announceDenied: () => {}, announceHookDecided: () => {}, announcePermissionDecision: () => {}, announceStarting: () => {} },
};

/** Hooks that are there: the model answers for them, so they are never called. */
export const modelHooks: AgentHooks = { beforeToolCall: () => new Promise(() => {}), afterToolCall: () => new Promise(() => {}) };

/** A shortest path to every transition of the ToolCall graph, for one representative call, approval policy and hook setup. */
/** A change to the bound ToolCall machine: a planted bug (toolCallPlantedBugs.test.ts), or none. */
export type ToolCallMachineChange = (machine: ReturnType<typeof toolCallMachineFor>) => ReturnType<typeof toolCallMachineFor>;

export function generateToolCallPaths({ input, policy, hooked }: ToolCallSetup, change: ToolCallMachineChange = (machine) => machine): ToolCallPath[] {
  const tools = toolCallTools(() => Promise.reject(new Error('the model never executes tools')));
  const environment = toolCallEnvironment(tools, () => 0, policy, () => new Promise(() => {}), hooked ? modelHooks : undefined);
  const logic = pureMachineLogic<ToolCallSnapshot>({
    // Tool execution is the invoked actor's; in the model its outcome comes back as an event.
    machine: change(toolCallMachineFor(environment)).provide(withoutReports),
    input: toolCallInput(input),
    describe: describeState,
  });
  const paths = modelPaths(logic, {
    events: (state) => eventsFor(state, tools),
    stateKey: (state) => JSON.stringify(describeState(state.snapshot)),
    start: { type: 'xstate.init', label: 'start', stimulus: { kind: 'start' } },
    endName: (state) => valueName(state.snapshot.value),
  });
  return paths.map((path) => ({ input, policy, hooked, ...path }));
}
