// One tool call, from the model's request to a result: validate, get approval if the tool needs
// it, execute (an invoked actor), and on CANCEL abort the tool and wait at most `cancelGraceMs`
// for it (docs/design.md, "The ToolCall"). The Run spawns one per call. Its context is data;
// the tools, the approver and the clock are its environment, bound with `machine.provide`
// (machines/provideRunEnvironment.ts).
import { assertEvent, assign, sendParent, sendTo, setup } from 'xstate';
import { limitOutput } from '../src/tools/calls/limitOutput.js';
import { prepareCall } from '../src/tools/calls/prepareCall.js';
import { abandonedResult, acknowledgedCancelResult } from '../src/tools/cancelledResults.js';
import type { ToolCallRequest, ToolResult } from '../src/types.js';
import { askApprover, decideApproval } from './actors/approvalActors.js';
import { describeError } from './actors/describeError.js';
import { executeTool, type ToolAbortEvent, type ToolSettledEvent } from './actors/executeTool.js';
import { missingRunEnvironment, type RunEnvironment } from './environment.js';
import type { ApprovalRequest } from './approval.js';
import { cancelledWhileWaitingResult, deniedResult, NOBODY_TO_ASK } from './toolCall/approvalResults.js';

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
  | { type: 'tool.approvalRequested'; index: number; request: ApprovalRequest }
  | { type: 'tool.approvalResolved'; index: number; callId: string; approved: boolean; reason?: string };

export interface ToolCallContext extends ToolCallInput {
  approval: ApprovalRule;
  /** The validated arguments; undefined when validation rejected the call. */
  args: Record<string, unknown> | undefined;
  /** The error result validation gave instead. */
  rejection: ToolResult | undefined;
  startedAt: number;
  endedAt: number;
  result: ToolResult | undefined;
}

export type ToolCallEvent = ToolSettledEvent | ToolAbortEvent | { type: 'APPROVE'; callId: string } | { type: 'DENY'; callId: string; reason?: string };

function approvalRequest(context: ToolCallContext): ApprovalRequest {
  return { runId: context.runId, callId: context.call.id, toolName: context.call.name, iteration: context.iteration, arguments: context.args ?? {} };
}

const reasonGiven = (reason: unknown) => (typeof reason === 'string' && reason !== '' ? reason : undefined);

/**
 * The ToolCall machine bound to `environment` (the exported `toolCallMachine` is bound to none).
 * @example createActor(toolCallMachineFor(environment), { input })
 */
export function toolCallMachineFor(environment: RunEnvironment) {
  const { tools, now } = environment;
  // The result and the clock reading that ends the call, in one assignment.
  const finish = (result: ToolResult | undefined) => ({ result, endedAt: now() });
  return setup({
    types: {} as {
      context: ToolCallContext;
      input: ToolCallInput;
      output: ToolCallOutput;
      events: ToolCallEvent;
    },
    actors: { decideApproval: decideApproval(tools), askApprover: askApprover(environment.approve), executeTool: executeTool(tools) },
    guards: {
      callRejected: ({ context }) => context.rejection !== undefined,
      approvalNeverNeeded: ({ context }) => context.rejection === undefined && context.approval === 'never',
      approvalAlwaysNeeded: ({ context }) => context.rejection === undefined && context.approval === 'always',
      approvalDecidedByTool: ({ context }) => context.rejection === undefined && context.approval === 'ask',
      toolSaysApprovalNeeded: (_, params: { needed: boolean }) => params.needed,
      toolSaysApprovalNotNeeded: (_, params: { needed: boolean }) => !params.needed,
      // The three approval policies, by what the environment has.
      approverGiven: () => environment.approve !== undefined,
      noApproverWaits: () => environment.approve === undefined && environment.withoutApprover === 'wait',
      noApproverDenies: () => environment.approve === undefined && environment.withoutApprover === 'deny',
      answerApproves: (_, params: { approved: boolean }) => params.approved,
      answerDenies: (_, params: { approved: boolean }) => !params.approved,
      resultIsError: ({ event }) => {
        assertEvent(event, 'tool.settled');
        return event.result.isError === true;
      },
      resultIsSuccess: ({ event }) => {
        assertEvent(event, 'tool.settled');
        return event.result.isError !== true;
      },
    },
    actions: {
      recordRejection: assign(({ context }) => finish(context.rejection)),
      recordResult: assign(({ event }) => {
        assertEvent(event, 'tool.settled');
        return finish(event.result);
      }),
      recordAcknowledgedCancel: assign(() => finish(acknowledgedCancelResult())),
      recordAbandoned: assign(({ context }) => finish(abandonedResult(context.cancelGraceMs))),
      recordDenial: assign((_, params: { reason: string | undefined }) => finish(deniedResult(params.reason))),
      recordCancelledWhileWaiting: assign(() => finish(cancelledWhileWaitingResult())),
      abortExecution: sendTo('execution', ({ event }) => {
        assertEvent(event, 'CANCEL');
        return { type: 'CANCEL', reason: event.reason } satisfies ToolAbortEvent;
      }),
      announceApprovalRequest: sendParent(({ context }) => ({ type: 'tool.approvalRequested', index: context.index, request: approvalRequest(context) }) satisfies ToolCallApprovalReport),
      announceApproved: sendParent(({ context }) => ({ type: 'tool.approvalResolved', index: context.index, callId: context.call.id, approved: true }) satisfies ToolCallApprovalReport),
      announceDenied: sendParent(({ context }, params: { reason: string | undefined }) => {
        const report: ToolCallApprovalReport = { type: 'tool.approvalResolved', index: context.index, callId: context.call.id, approved: false };
        if (params.reason !== undefined) report.reason = params.reason;
        return report;
      }),
    },
    delays: {
      cancelGrace: ({ context }) => context.cancelGraceMs,
    },
  }).createMachine({
    id: 'toolCall',
    // Validation and the approval rule, from the tools of the environment, as the call's actor
    // is created; the call's clock starts. Written out rather than `...input` (see startedEvent
    // in machines/run/runSteps.ts).
    context: ({ input }) => {
      const prepared = prepareCall(input.call, tools, { maxArgumentsChars: input.maxArgumentsChars });
      const needsApproval = prepared.ok ? prepared.tool.tool.needsApproval : undefined;
      return {
        runId: input.runId,
        iteration: input.iteration,
        index: input.index,
        call: input.call,
        maxOutputChars: input.maxOutputChars,
        maxArgumentsChars: input.maxArgumentsChars,
        cancelGraceMs: input.cancelGraceMs,
        approval: typeof needsApproval === 'function' ? 'ask' : needsApproval === true ? 'always' : 'never',
        args: prepared.ok ? prepared.args : undefined,
        rejection: prepared.ok ? undefined : prepared.result,
        startedAt: now(),
        endedAt: 0,
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
          { guard: 'approvalDecidedByTool', target: 'checkingApproval' },
        ],
      },
      // The tool's needsApproval function decides, from the validated arguments.
      checkingApproval: {
        invoke: {
          id: 'decideApproval',
          src: 'decideApproval',
          input: ({ context }) => approvalRequest(context),
          onDone: [
            { guard: { type: 'toolSaysApprovalNeeded', params: ({ event }) => ({ needed: event.output }) }, target: 'awaitingApproval' },
            { guard: { type: 'toolSaysApprovalNotNeeded', params: ({ event }) => ({ needed: event.output }) }, target: 'executing' },
          ],
          onError: {
            target: 'denied',
            actions: { type: 'recordDenial', params: ({ event }) => ({ reason: `needsApproval failed: ${describeError(event.error)}` }) },
          },
        },
        on: { CANCEL: { target: 'cancelled', actions: 'recordCancelledWhileWaiting' } },
      },
      // Who answers is a policy of the environment, chosen on entry: the approve callback, a
      // person sending APPROVE/DENY to the Run actor, or nobody (denied at once).
      awaitingApproval: {
        entry: 'announceApprovalRequest',
        initial: 'choosingAnswerer',
        states: {
          choosingAnswerer: {
            always: [
              { guard: 'approverGiven', target: 'askingApprover' },
              { guard: 'noApproverWaits', target: 'waitingForAnswer' },
              {
                guard: 'noApproverDenies',
                target: '#toolCall.denied',
                actions: [
                  { type: 'recordDenial', params: { reason: NOBODY_TO_ASK } },
                  { type: 'announceDenied', params: { reason: NOBODY_TO_ASK } },
                ],
              },
            ],
          },
          askingApprover: {
            invoke: {
              id: 'askApprover',
              src: 'askApprover',
              input: ({ context }) => approvalRequest(context),
              onDone: [
                { guard: { type: 'answerApproves', params: ({ event }) => ({ approved: event.output.approved }) }, target: '#toolCall.executing', actions: 'announceApproved' },
                {
                  guard: { type: 'answerDenies', params: ({ event }) => ({ approved: event.output.approved }) },
                  target: '#toolCall.denied',
                  actions: [
                    { type: 'recordDenial', params: ({ event }) => ({ reason: event.output.reason }) },
                    { type: 'announceDenied', params: ({ event }) => ({ reason: event.output.reason }) },
                  ],
                },
              ],
              onError: {
                target: '#toolCall.denied',
                actions: [
                  { type: 'recordDenial', params: ({ event }) => ({ reason: `the approve callback failed: ${describeError(event.error)}` }) },
                  { type: 'announceDenied', params: ({ event }) => ({ reason: `the approve callback failed: ${describeError(event.error)}` }) },
                ],
              },
            },
          },
          waitingForAnswer: {},
        },
        on: {
          APPROVE: { target: 'executing', actions: 'announceApproved' },
          DENY: {
            target: 'denied',
            actions: [
              { type: 'recordDenial', params: ({ event }) => ({ reason: reasonGiven(event.reason) }) },
              { type: 'announceDenied', params: ({ event }) => ({ reason: reasonGiven(event.reason) }) },
            ],
          },
          CANCEL: { target: 'cancelled', actions: 'recordCancelledWhileWaiting' },
        },
      },
      // The tool runs as the invoked `execution` actor; leaving this state stops it.
      executing: {
        invoke: {
          id: 'execution',
          src: 'executeTool',
          // The validated arguments (prepareCall guarantees them here).
          input: ({ context }) => ({ runId: context.runId, callId: context.call.id, toolName: context.call.name, iteration: context.iteration, args: context.args ?? {} }),
        },
        initial: 'running',
        states: {
          running: {
            on: {
              'tool.settled': [
                { guard: 'resultIsError', target: '#toolCall.failed', actions: 'recordResult' },
                { guard: 'resultIsSuccess', target: '#toolCall.succeeded', actions: 'recordResult' },
              ],
              CANCEL: { target: 'aborting', actions: 'abortExecution' },
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
    output: ({ context }) => ({
      index: context.index,
      call: context.call,
      result: limitOutput(context.result ?? { content: '', isError: true, code: 'tool_error' }, context.maxOutputChars),
      durationMs: context.endedAt - context.startedAt,
    }),
  });
}

/**
 * The ToolCall machine: `validating → (checkingApproval →) (awaitingApproval →) executing →
 * succeeded | failed | denied | cancelled | abandoned`. Bound to no environment: Runs bind one
 * with `provideRunEnvironment`; used bare, its first step fails with a ConfigurationError.
 */
export const toolCallMachine = toolCallMachineFor(missingRunEnvironment);
