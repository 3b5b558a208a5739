// The events every Run publishes (docs/design.md, "The Run"). They are emitted from the Run machine's
// transitions; `seq` is per run and starts at 0 with `run.started`.
import type { HookDecision, HookName } from '../hooks/hookTypes.js';
import type { FinishReason, RunErrorInfo, RunOutput, ToolCallRequest, ToolResult, Usage } from '../types.js';

/** Fields every RunEvent carries. */
export interface RunEventBase {
  runId: string;
  /** Position in this Run's event sequence, from 0. */
  seq: number;
  /** Whole milliseconds since the epoch, from the Run's clock. */
  time: number;
  /** Set on a sub-agent's event in its parent's stream (docs/agents-as-tools.md): the parent Run's id. */
  parentRunId?: string;
  /** Set on a sub-agent's event in its parent's stream: the parent's call that runs the sub-agent. */
  parentCallId?: string;
}

interface ToolEventFields {
  callId: string;
  toolName: string;
  /** The batch this call belongs to, from 1. */
  iteration: number;
}

export interface RunStartedEvent extends RunEventBase { type: 'run.started'; input: string }
/**
 * The first event of a Run continued from its session (`agent.resume`, `resumeRunActor`)
 * instead of `run.started`: the Run started earlier, maybe in another process.
 */
export interface RunResumedEvent extends RunEventBase {
  type: 'run.resumed';
  input: string;
  /** Tool batches the Run had executed before. */
  iterations: number;
  /** Calls of the open batch that get `interrupted` results: they may have taken effect and run only once. */
  interruptedCalls: string[];
}
export interface ProviderRequestedEvent extends RunEventBase {
  type: 'provider.requested';
  /** Tool batches executed so far. */
  iterations: number;
  messageCount: number;
}
export interface ProviderRespondedEvent extends RunEventBase {
  type: 'provider.responded';
  text: string;
  toolCallCount: number;
  finishReason?: FinishReason;
  usage?: Usage;
  durationMs: number;
}
export interface TextDeltaEvent extends RunEventBase { type: 'text.delta'; delta: string }
export interface ToolStartedEvent extends RunEventBase, ToolEventFields {
  type: 'tool.started';
  /** As the model sent them. */
  arguments: ToolCallRequest['arguments'];
}
export interface ToolCompletedEvent extends RunEventBase, ToolEventFields {
  type: 'tool.completed';
  result: ToolResult;
  durationMs: number;
}
export interface ToolFailedEvent extends RunEventBase, ToolEventFields {
  type: 'tool.failed';
  result: ToolResult;
  code: string;
  durationMs: number;
}
/** A call that needs a person's yes (docs/design.md, "Approval"); `arguments` are the validated ones. */
export interface ToolApprovalRequestedEvent extends RunEventBase, ToolEventFields {
  type: 'tool.approval_requested';
  arguments: Record<string, unknown>;
}
export interface ToolApprovalResolvedEvent extends RunEventBase {
  type: 'tool.approval_resolved';
  callId: string;
  approved: boolean;
  reason?: string;
}
export interface RunCompletedEvent extends RunEventBase { type: 'run.completed'; output: RunOutput }
export interface RunFailedEvent extends RunEventBase { type: 'run.failed'; error: RunErrorInfo; output: RunOutput }
export interface RunCancelledEvent extends RunEventBase { type: 'run.cancelled'; output: RunOutput }

/**
 * A decision of a hook or of the permission rules about one call (docs/hooks.md): `hook` is
 * `beforeToolCall`, `afterToolCall` or `permissions`.
 */
export interface ToolHookDecidedEvent extends RunEventBase {
  type: 'tool.hook_decided';
  callId: string;
  hook: HookName;
  decision: HookDecision;
  reason?: string;
}

export type RunEvent =
  | RunStartedEvent
  | RunResumedEvent
  | ProviderRequestedEvent
  | ProviderRespondedEvent
  | TextDeltaEvent
  | ToolStartedEvent
  | ToolCompletedEvent
  | ToolFailedEvent
  | ToolApprovalRequestedEvent
  | ToolApprovalResolvedEvent
  | ToolHookDecidedEvent
  | RunCompletedEvent
  | RunFailedEvent
  | RunCancelledEvent;

export type RunEventType = RunEvent['type'];

/** A RunEvent before the Run stamps `runId`, `seq` and `time` on it. */
export type UnstampedRunEvent = RunEvent extends infer E
  ? E extends RunEvent
    ? Omit<E, keyof RunEventBase>
    : never
  : never;

/**
 * True for the one event that ends a Run's stream.
 * @example
 * const events: RunEvent[] = [];
 * agent.stream('Hi').subscribe((event) => events.push(event));
 * events.filter(isTerminalRunEvent).map((event) => event.output.status) // ['completed'] once the Run ended
 */
export function isTerminalRunEvent(event: RunEvent): event is RunCompletedEvent | RunFailedEvent | RunCancelledEvent {
  return event.type === 'run.completed' || event.type === 'run.failed' || event.type === 'run.cancelled';
}
