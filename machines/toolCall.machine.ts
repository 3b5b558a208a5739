// One tool call, from the model's request to a result: validate, execute, and on CANCEL
// abort the tool and wait at most `cancelGraceMs` for it (docs/design.md, "The ToolCall").
// The Run spawns one per call. Its context is data; the tool and the clock come from the
// Run's environment, and the running tool's abort handle is kept outside the snapshot.
import { assign, sendParent, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { limitOutput } from '../src/tools/calls/limitOutput.js';
import { prepareCall } from '../src/tools/calls/prepareCall.js';
import { abandonedResult, acknowledgedCancelResult } from '../src/tools/cancelledResults.js';
import { environmentOf } from './run/runEnvironment.js';
import { abortExecution, startExecution, type ToolSettledEvent } from './toolCall/toolExecution.js';
import { askApprover, cancelledWhileWaitingResult, decideApproval, deniedResult, type ApprovalDecision, type ApprovalInput } from './toolCall/approvalActors.js';
import { describeError } from './run/runOutput.js';
import { copyJson } from './toolCall/copyJson.js';
import type { ToolCallRequest, ToolResult } from '../src/types.js';

export interface ToolCallInput {
  runId: string;
  /** The batch this call belongs to, from 1. */
  iteration: number;
  /** Position of the call in its assistant message. */
  index: number;
  call: ToolCallRequest;
  maxOutputChars: number;
  maxArgumentsChars: number;
  cancelGraceMs: number;
}

export interface ToolCallOutput {
  index: number;
  call: ToolCallRequest;
  /** Already cut to `maxOutputChars`. */
  result: ToolResult;
  durationMs: number;
}

/** Whether a valid call needs approval: never, always, or as the tool's function decides. */
export type ApprovalRule = 'never' | 'always' | 'ask';

/** What a ToolCall tells its Run about approval; the Run emits the public events. */
export type ToolCallApprovalReport =
  | { type: 'tool.approvalRequested'; index: number; request: ApprovalInput }
  | { type: 'tool.approvalResolved'; index: number; callId: string; approved: boolean; reason?: string };

export interface ToolCallContext extends ToolCallInput {
  approval: ApprovalRule;
  /** The validated arguments; undefined when validation rejected the call. */
  args: Record<string, unknown> | undefined;
  /** The error result validation gave instead. */
  rejection: ToolResult | undefined;
  startedAt: number;
  result: ToolResult | undefined;
}

export type ToolCallEvent =
  | ToolSettledEvent
  | { type: 'CANCEL'; reason?: unknown }
  | { type: 'APPROVE'; callId: string }
  | { type: 'DENY'; callId: string; reason?: string }
  | DoneActorEvent<boolean, 'decideApproval'>
  | DoneActorEvent<ApprovalDecision, 'askApprover'>
  | ErrorActorEvent;

function approvalRequest(context: ToolCallContext): ApprovalInput {
  return { runId: context.runId, callId: context.call.id, toolName: context.call.name, iteration: context.iteration, arguments: context.args ?? {} };
}

/** Why a call was denied, from the event that denied it. */
function denialReason(event: ToolCallEvent): string | undefined {
  if (event.type === 'DENY') return typeof event.reason === 'string' && event.reason !== '' ? event.reason : undefined;
  if (event.type === 'xstate.done.actor.askApprover') return (event.output as ApprovalDecision).reason;
  if (event.type === 'xstate.error.actor.askApprover') return `the approve callback failed: ${describeError((event as ErrorActorEvent).error)}`;
  if (event.type === 'xstate.error.actor.decideApproval') return `needsApproval failed: ${describeError((event as ErrorActorEvent).error)}`;
  return undefined;
}

/**
 * The ToolCall machine: `validating → (checkingApproval → awaitingApproval →) executing →
 * succeeded | failed | denied | cancelled | abandoned`.
 * The tool runs from `executing`'s entry (machines/toolCall/toolExecution.ts), not as an actor of its own.
 */
export const toolCallMachine = setup({
  types: {} as {
    context: ToolCallContext;
    input: ToolCallInput;
    output: ToolCallOutput;
    events: ToolCallEvent;
  },
  actors: { decideApproval, askApprover },
  guards: {
    callRejected: ({ context }) => context.rejection !== undefined,
    approvalNeverNeeded: ({ context }) => context.approval === 'never',
    approvalAlwaysNeeded: ({ context }) => context.approval === 'always',
    approvalNeeded: ({ event }) => (event as DoneActorEvent<boolean>).output === true,
    answerApproves: ({ event }) => (event as DoneActorEvent<ApprovalDecision>).output.approved === true,
    resultIsError: ({ event }) => event.type === 'tool.settled' && event.result.isError === true,
  },
  actions: {
    recordRejection: assign({ result: ({ context }) => context.rejection }),
    recordResult: assign({ result: ({ context, event }) => (event.type === 'tool.settled' ? event.result : context.result) }),
    recordAcknowledgedCancel: assign({ result: () => acknowledgedCancelResult() }),
    recordAbandoned: assign({ result: ({ context }) => abandonedResult(context.cancelGraceMs) }),
    recordDenial: assign({ result: ({ event }) => deniedResult(denialReason(event)) }),
    recordCancelledWhileWaiting: assign({ result: () => cancelledWhileWaitingResult() }),
    announceApprovalRequest: sendParent(({ context }) => ({ type: 'tool.approvalRequested', index: context.index, request: approvalRequest(context) }) satisfies ToolCallApprovalReport),
    announceApproved: sendParent(({ context }) => ({ type: 'tool.approvalResolved', index: context.index, callId: context.call.id, approved: true }) satisfies ToolCallApprovalReport),
    announceDenied: sendParent(({ context, event }) => {
      const reason = denialReason(event);
      const report: ToolCallApprovalReport = { type: 'tool.approvalResolved', index: context.index, callId: context.call.id, approved: false };
      if (reason !== undefined) report.reason = reason;
      return report;
    }),
    startTool: ({ context, self }) => {
      const registered = environmentOf(self.system).tools.lookup(context.call.name);
      if (!registered || !context.args) throw new Error('unreachable: executing a rejected call');
      // The tool gets its own copy: what it does to its arguments never shows in a snapshot.
      const args = copyJson(context.args);
      startExecution(self, { tool: registered, args, runId: context.runId, callId: context.call.id, iteration: context.iteration });
    },
    abortTool: ({ event, self }) => abortExecution(self, event.type === 'CANCEL' ? event.reason : undefined),
  },
  delays: {
    cancelGrace: ({ context }) => context.cancelGraceMs,
  },
}).createMachine({
  id: 'toolCall',
  // Written out rather than `...input` (see startedEvent in machines/run/runSteps.ts).
  context: ({ input, self }) => {
    const environment = environmentOf(self.system);
    const prepared = prepareCall(input.call, environment.tools, { maxArgumentsChars: input.maxArgumentsChars });
    const needsApproval = prepared.ok ? prepared.tool.tool.needsApproval : undefined;
    return {
      approval: typeof needsApproval === 'function' ? 'ask' : needsApproval === true ? 'always' : 'never',
      runId: input.runId,
      iteration: input.iteration,
      index: input.index,
      call: input.call,
      maxOutputChars: input.maxOutputChars,
      maxArgumentsChars: input.maxArgumentsChars,
      cancelGraceMs: input.cancelGraceMs,
      args: prepared.ok ? prepared.args : undefined,
      rejection: prepared.ok ? undefined : prepared.result,
      startedAt: environment.now(),
      result: undefined,
    };
  },
  initial: 'validating',
  states: {
    validating: {
      always: [
        { guard: 'callRejected', target: 'failed', actions: 'recordRejection' },
        { guard: 'approvalNeverNeeded', target: 'executing' },
        { guard: 'approvalAlwaysNeeded', target: 'awaitingApproval' },
        { target: 'checkingApproval' },
      ],
    },
    // The tool's needsApproval function decides, from the validated arguments.
    checkingApproval: {
      invoke: {
        id: 'decideApproval',
        src: 'decideApproval',
        input: ({ context }) => approvalRequest(context),
        onDone: [{ guard: 'approvalNeeded', target: 'awaitingApproval' }, { target: 'executing' }],
        onError: { target: 'denied', actions: 'recordDenial' },
      },
      on: { CANCEL: { target: 'cancelled', actions: 'recordCancelledWhileWaiting' } },
    },
    // Answered by the Run's approve callback, or by APPROVE/DENY sent to the Run actor.
    awaitingApproval: {
      entry: 'announceApprovalRequest',
      invoke: {
        id: 'askApprover',
        src: 'askApprover',
        input: ({ context }) => approvalRequest(context),
        onDone: [
          { guard: 'answerApproves', target: 'executing', actions: 'announceApproved' },
          { target: 'denied', actions: ['recordDenial', 'announceDenied'] },
        ],
        onError: { target: 'denied', actions: ['recordDenial', 'announceDenied'] },
      },
      on: {
        APPROVE: { target: 'executing', actions: 'announceApproved' },
        DENY: { target: 'denied', actions: ['recordDenial', 'announceDenied'] },
        CANCEL: { target: 'cancelled', actions: 'recordCancelledWhileWaiting' },
      },
    },
    executing: {
      entry: 'startTool',
      initial: 'running',
      states: {
        running: {
          on: {
            'tool.settled': [
              { guard: 'resultIsError', target: '#toolCall.failed', actions: 'recordResult' },
              { target: '#toolCall.succeeded', actions: 'recordResult' },
            ],
            CANCEL: { target: 'aborting', actions: 'abortTool' },
          },
        },
        aborting: {
          on: { 'tool.settled': { target: '#toolCall.cancelled', actions: 'recordAcknowledgedCancel' } },
          after: { cancelGrace: { target: '#toolCall.abandoned', actions: 'recordAbandoned' } },
        },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
    denied: { type: 'final' },
    cancelled: { type: 'final' },
    abandoned: { type: 'final' },
  },
  output: ({ context, self }) => ({
    index: context.index,
    call: context.call,
    result: limitOutput(context.result ?? { content: '', isError: true, code: 'tool_error' }, context.maxOutputChars),
    durationMs: environmentOf(self.system).now() - context.startedAt,
  }),
});
