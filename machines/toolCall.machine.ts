// One tool call, from the model's request to a result: validate, ask the beforeToolCall hook,
// apply the permission rules, get approval if a hook, a rule or the tool asks for it, execute
// (an invoked actor), let the afterToolCall hook review the result, and on CANCEL abort the tool
// and wait at most `cancelGraceMs` for it (docs/design.md, "The ToolCall"; docs/hooks.md). The Run spawns one per call. Its context is data;
// the tools, the approver and the clock are its environment, bound with `machine.provide`
// (machines/provideRunEnvironment.ts).
import { assertEvent, assign, enqueueActions, sendParent, sendTo, setup } from 'xstate';
import { limitOutput } from '../src/tools/calls/limitOutput.js';
import { prepareCall } from '../src/tools/calls/prepareCall.js';
import { abandonedResult, acknowledgedCancelResult } from '../src/tools/cancelledResults.js';
import type { ToolCallRequest, ToolResult } from '../src/types.js';
import { askApprover, decideApproval } from './actors/approvalActors.js';
import { describeError } from './actors/describeError.js';
import { executeTool, type ToolAbortEvent, type ToolSettledEvent } from './actors/executeTool.js';
import { afterToolCall, beforeToolCall, type AfterToolCallOutcome, type BeforeToolCallOutcome, type ToolHookInput } from './actors/hookActors.js';
import { DEFAULT_HOOK_TIMEOUT_MS, type HookDecision, type HookName } from '../src/hooks/hookTypes.js';
import { evaluatePermission, type PermissionPolicy } from '../src/permissions/permissionPolicy.js';
import type { PermissionVerdict } from '../src/permissions/permissionTypes.js';
import type { ToolSet } from '../src/tools/toolSet.js';
import { missingRunEnvironment, type RunEnvironment } from './environment.js';
import type { ApprovalRequest } from './approval.js';
import { cancelledWhileWaitingResult, deniedResult, NOBODY_TO_ASK } from './toolCall/approvalResults.js';
import { cancelledWhileCheckingResult, hookFailedResult, refusedResult } from './toolCall/hookResults.js';
import { interruptedRunResult } from './run/interruptedResult.js';

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
  /** Its start is recorded in the session (a durable one) before `execute`: the Run is told, and answers. */
  recordStart?: boolean;
  /** A resumed call that may have run and must run at most once: it gets an `interrupted` result. */
  interrupted?: boolean;
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

/** A decision of a hook or of the permission rules about one call, as the `tool.hook_decided` event tells it. */
export interface HookDecisionReport {
  hook: HookName;
  decision: HookDecision;
  reason?: string;
}

/** What a ToolCall tells its Run about approval and hooks; the Run emits the public events. */
export type ToolCallApprovalReport =
  | { type: 'tool.approvalRequested'; index: number; request: ApprovalRequest }
  | { type: 'tool.approvalResolved'; index: number; callId: string; approved: boolean; reason?: string }
  | ({ type: 'tool.hookDecided'; index: number; callId: string } & HookDecisionReport);

export interface ToolCallContext extends ToolCallInput {
  approval: ApprovalRule;
  /** The validated arguments; undefined when validation rejected the call. */
  args: Record<string, unknown> | undefined;
  /** The error result validation gave instead. */
  rejection: ToolResult | undefined;
  /** What the beforeToolCall hook said (`none` without the hook); its `deny` ends the call at once. */
  hookDecision: 'allow' | 'ask' | 'none';
  /** What the permission rules said, once evaluated (undefined without rules). */
  permission: PermissionVerdict | undefined;
  startedAt: number;
  endedAt: number;
  result: ToolResult | undefined;
}

/** What a ToolCall asks its Run before `execute` when its start is recorded: the call, for `recordCallStarted`. */
export interface ToolCallStartingReport {
  type: 'tool.starting';
  index: number;
  callId: string;
  toolName: string;
  iteration: number;
}

export type ToolCallEvent =
  | ToolSettledEvent
  | ToolAbortEvent
  | { type: 'APPROVE'; callId: string }
  | { type: 'DENY'; callId: string; reason?: string }
  /** The Run recorded the call's start (or could not: `result` says why, and the call never runs). */
  | { type: 'tool.startRecorded' }
  | { type: 'tool.startRefused'; result: ToolResult }
  /** Sent by a restored Run: an execution that was running restarts, or is interrupted when the tool runs once. */
  | { type: 'run.resumed' };

function approvalRequest(context: ToolCallContext): ApprovalRequest {
  return { runId: context.runId, callId: context.call.id, toolName: context.call.name, iteration: context.iteration, arguments: context.args ?? {} };
}

const reasonGiven = (reason: unknown) => (typeof reason === 'string' && reason !== '' ? reason : undefined);

function hookInput(context: ToolCallContext): ToolHookInput {
  return { runId: context.runId, iteration: context.iteration, call: { id: context.call.id, name: context.call.name, arguments: context.args ?? {} } };
}

// The rules' verdict on the validated (perhaps rewritten) arguments; `undefined` without rules.
function permissionVerdict(policy: PermissionPolicy | undefined, tools: ToolSet, toolName: string, args: Record<string, unknown> | undefined): PermissionVerdict | undefined {
  if (!policy || args === undefined) return undefined;
  const permissionArgument = tools.lookup(toolName)?.tool.permissionArgument;
  const call = { toolName, arguments: args };
  return evaluatePermission(policy, permissionArgument === undefined ? call : { ...call, permissionArgument });
}

const decisionIs = (context: ToolCallContext, decision: PermissionVerdict['decision']) => context.permission?.decision === decision;
const beforeHookDenial = (outcome: BeforeToolCallOutcome) => outcome.reason ?? 'The beforeToolCall hook denied it';

/**
 * The ToolCall machine bound to `environment` (the exported `toolCallMachine` is bound to none).
 * @example
 * import { createActor } from 'xstate';
 * import type { RunEnvironment } from './environment.js';
 * declare const environment: RunEnvironment;
 * declare const input: ToolCallInput;
 * createActor(toolCallMachineFor(environment), { input });
 */
export function toolCallMachineFor(environment: RunEnvironment) {
  const { tools, now, hooks } = environment;
  const hookTimeoutMs = environment.hookTimeoutMs ?? DEFAULT_HOOK_TIMEOUT_MS;
  // The result and the clock reading that ends the call, in one assignment.
  const finish = (result: ToolResult | undefined) => ({ result, endedAt: now() });
  return setup({
    types: {} as {
      context: ToolCallContext;
      input: ToolCallInput;
      output: ToolCallOutput;
      events: ToolCallEvent;
    },
    actors: {
      beforeToolCall: beforeToolCall(hooks, tools),
      decideApproval: decideApproval(tools),
      askApprover: askApprover(environment.approve),
      executeTool: executeTool(tools),
      afterToolCall: afterToolCall(hooks),
    },
    guards: {
      resumedAsInterrupted: ({ context }) => context.interrupted === true,
      callRejected: ({ context }) => context.rejection !== undefined,
      beforeHookGiven: () => hooks?.beforeToolCall !== undefined,
      noBeforeHook: () => hooks?.beforeToolCall === undefined,
      hookDenies: (_, params: { outcome: BeforeToolCallOutcome }) => params.outcome.decision === 'deny',
      hookArgumentsRejected: (_, params: { outcome: BeforeToolCallOutcome }) => params.outcome.decision !== 'deny' && params.outcome.rejection !== undefined,
      hookPassesOn: (_, params: { outcome: BeforeToolCallOutcome }) => params.outcome.decision !== 'deny' && params.outcome.rejection === undefined,
      // Claude Code's order: deny rules, then ask (a rule's or the hook's), then allow (a rule's or the hook's), then the tool's own needsApproval.
      ruleDenies: ({ context }) => decisionIs(context, 'deny'),
      ruleAsks: ({ context }) => decisionIs(context, 'ask'),
      hookAsks: ({ context }) => context.hookDecision === 'ask',
      ruleAllows: ({ context }) => decisionIs(context, 'allow'),
      hookAllows: ({ context }) => context.hookDecision === 'allow',
      // Nothing asks for approval: a call runs at once, or once a durable session recorded its start.
      runsAtOnce: ({ context }) => context.approval === 'never' && context.recordStart !== true,
      runsOnceStartRecorded: ({ context }) => context.approval === 'never' && context.recordStart === true,
      startNotRecorded: ({ context }) => context.recordStart !== true,
      // What a restored execution does: tools that may run again do, with the same idempotency key.
      toolMayRunAgain: ({ context }) => tools.lookup(context.call.name)?.effects !== 'once',
      toolRunsOnce: ({ context }) => tools.lookup(context.call.name)?.effects === 'once',
      approvalAlwaysNeeded: ({ context }) => context.approval === 'always',
      approvalDecidedByTool: ({ context }) => context.approval === 'ask',
      toolSaysApprovalNeeded: (_, params: { needed: boolean }) => params.needed,
      toolSaysApprovalNotNeeded: (_, params: { needed: boolean }) => !params.needed,
      // The three approval policies, by what the environment has.
      approverGiven: () => environment.approve !== undefined,
      noApproverWaits: () => environment.approve === undefined && environment.withoutApprover === 'wait',
      noApproverDenies: () => environment.approve === undefined && environment.withoutApprover === 'deny',
      answerApproves: (_, params: { approved: boolean }) => params.approved,
      answerDenies: (_, params: { approved: boolean }) => !params.approved,
      afterHookGiven: () => hooks?.afterToolCall !== undefined,
      noAfterHook: () => hooks?.afterToolCall === undefined,
      resultIsError: ({ context }) => context.result?.isError === true,
      resultIsSuccess: ({ context }) => context.result?.isError !== true,
    },
    actions: {
      recordRejection: assign(({ context }) => finish(context.rejection)),
      recordInterrupted: assign(() => finish(interruptedRunResult())),
      announceStarting: sendParent(
        ({ context }) =>
          ({ type: 'tool.starting', index: context.index, callId: context.call.id, toolName: context.call.name, iteration: context.iteration }) satisfies ToolCallStartingReport,
      ),
      recordResult: assign(({ event }) => {
        assertEvent(event, 'tool.settled');
        return finish(event.result);
      }),
      recordRefusedStart: assign(({ event }) => {
        assertEvent(event, 'tool.startRefused');
        return finish(event.result);
      }),
      recordAcknowledgedCancel: assign(() => finish(acknowledgedCancelResult())),
      recordAbandoned: assign(({ context }) => finish(abandonedResult(context.cancelGraceMs))),
      recordDenial: assign((_, params: { reason: string | undefined }) => finish(deniedResult(params.reason))),
      recordCancelledWhileWaiting: assign(() => finish(cancelledWhileWaitingResult())),
      recordCancelledWhileChecking: assign(() => finish(cancelledWhileCheckingResult())),
      recordRefusal: assign((_, params: { reason: string }) => finish(refusedResult(params.reason))),
      recordHookRejection: assign((_, params: { outcome: BeforeToolCallOutcome }) => finish(params.outcome.rejection)),
      // The hook's answer passes on: its decision, its arguments in place of the model's, and the
      // rules' verdict on those (in the same assignment).
      recordHookDecision: assign(({ context }, params: { outcome: BeforeToolCallOutcome }) => {
        const args = params.outcome.args ?? context.args;
        return {
          hookDecision: params.outcome.decision === 'deny' ? 'none' : params.outcome.decision,
          args,
          permission: permissionVerdict(environment.permissions, tools, context.call.name, args),
        };
      }),
      recordReviewedResult: assign((_, params: { outcome: AfterToolCallOutcome }) => ({ result: params.outcome.result })),
      recordHookFailure: assign((_, params: { why: string }) => ({ result: hookFailedResult(params.why) })),
      abortExecution: sendTo('execution', ({ event }) => {
        assertEvent(event, 'CANCEL');
        return { type: 'CANCEL', reason: event.reason } satisfies ToolAbortEvent;
      }),
      announceHookDecided: sendParent(({ context }, params: HookDecisionReport) => {
        const report: ToolCallApprovalReport = { type: 'tool.hookDecided', index: context.index, callId: context.call.id, hook: params.hook, decision: params.decision };
        if (params.reason !== undefined) report.reason = params.reason;
        return report;
      }),
      announcePermissionDecision: sendParent(({ context }) => {
        const { decision, reason } = context.permission!;
        return { type: 'tool.hookDecided', index: context.index, callId: context.call.id, hook: 'permissions', decision: decision === 'default' ? 'none' : decision, reason } satisfies ToolCallApprovalReport;
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
      hookTimeout: () => hookTimeoutMs,
    },
  }).createMachine({
    id: 'toolCall',
    // Validation, the approval rule and (without a beforeToolCall hook) the permission rules'
    // verdict, from the environment, as the call's actor is created; the call's clock starts. Written out rather than `...input` (see startedEvent
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
        recordStart: input.recordStart,
        interrupted: input.interrupted,
        approval: typeof needsApproval === 'function' ? 'ask' : needsApproval === true ? 'always' : 'never',
        args: prepared.ok ? prepared.args : undefined,
        rejection: prepared.ok ? undefined : prepared.result,
        hookDecision: 'none',
        // Without a beforeToolCall hook the rules judge the model's arguments at once (no assignment of their own).
        permission: prepared.ok && hooks?.beforeToolCall === undefined ? permissionVerdict(environment.permissions, tools, input.call.name, prepared.args) : undefined,
        startedAt: now(),
        endedAt: 0,
        result: undefined,
      };
    },
    initial: 'validating',
    states: {
      validating: {
        always: [
          { guard: 'resumedAsInterrupted', target: 'failed', actions: 'recordInterrupted' },
          { guard: 'callRejected', target: 'failed', actions: 'recordRejection' },
          { guard: 'beforeHookGiven', target: 'checkingHooks' },
          { guard: 'noBeforeHook', target: 'checkingPermissions' },
        ],
      },
      // The beforeToolCall hook decides first (as Claude Code's PreToolUse does): its deny ends the
      // call; a throw, a malformed answer or no answer within hookTimeoutMs denies it too; rewritten
      // arguments the schema rejects end it `invalid_arguments`. Nothing here can reach `executing`
      // except through checkingPermissions.
      checkingHooks: {
        invoke: {
          id: 'beforeToolCall',
          src: 'beforeToolCall',
          input: ({ context }) => hookInput(context),
          onDone: [
            {
              guard: { type: 'hookDenies', params: ({ event }) => ({ outcome: event.output }) },
              target: 'denied',
              actions: [
                { type: 'recordRefusal', params: ({ event }) => ({ reason: beforeHookDenial(event.output) }) },
                { type: 'announceHookDecided', params: ({ event }) => ({ hook: 'beforeToolCall', decision: 'deny', reason: beforeHookDenial(event.output) }) },
              ],
            },
            {
              guard: { type: 'hookArgumentsRejected', params: ({ event }) => ({ outcome: event.output }) },
              target: 'failed',
              actions: [
                { type: 'recordHookRejection', params: ({ event }) => ({ outcome: event.output }) },
                { type: 'announceHookDecided', params: { hook: 'beforeToolCall', decision: 'deny', reason: 'The arguments it gave do not match the tool\'s schema' } },
              ],
            },
            {
              guard: { type: 'hookPassesOn', params: ({ event }) => ({ outcome: event.output }) },
              target: 'checkingPermissions',
              actions: [
                { type: 'recordHookDecision', params: ({ event }) => ({ outcome: event.output }) },
                { type: 'announceHookDecided', params: ({ event }) => ({ hook: 'beforeToolCall', decision: event.output.decision, reason: event.output.reason }) },
              ],
            },
          ],
          onError: {
            target: 'denied',
            actions: [
              { type: 'recordRefusal', params: ({ event }) => ({ reason: `The beforeToolCall hook failed: ${describeError(event.error)}` }) },
              { type: 'announceHookDecided', params: ({ event }) => ({ hook: 'beforeToolCall', decision: 'deny', reason: `The beforeToolCall hook failed: ${describeError(event.error)}` }) },
            ],
          },
        },
        after: {
          hookTimeout: {
            target: 'denied',
            actions: [
              { type: 'recordRefusal', params: { reason: `The beforeToolCall hook did not answer within ${hookTimeoutMs} ms (hookTimeoutMs)` } },
              { type: 'announceHookDecided', params: { hook: 'beforeToolCall', decision: 'deny', reason: `The beforeToolCall hook did not answer within ${hookTimeoutMs} ms (hookTimeoutMs)` } },
            ],
          },
        },
        on: { CANCEL: { target: 'cancelled', actions: 'recordCancelledWhileChecking' } },
      },
      // The permission rules' verdict on the arguments that will run (recorded as the context was
      // made, or with the hook's answer): a deny rule wins over everything, an
      // ask (a rule's or the hook's) over every allow, an allow (a rule's or the hook's) skips the
      // tool's own needsApproval, which decides only when nothing else did.
      checkingPermissions: {
        always: [
          { guard: 'ruleDenies', target: 'denied', actions: [{ type: 'recordRefusal', params: ({ context }) => ({ reason: context.permission!.reason }) }, 'announcePermissionDecision'] },
          { guard: 'ruleAsks', target: 'awaitingApproval', actions: 'announcePermissionDecision' },
          { guard: 'hookAsks', target: 'awaitingApproval' },
          { guard: 'ruleAllows', target: 'recordingStart', actions: 'announcePermissionDecision' },
          { guard: 'hookAllows', target: 'recordingStart' },
          { guard: 'runsAtOnce', target: 'executing' },
          { guard: 'runsOnceStartRecorded', target: 'recordingStart' },
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
            { guard: { type: 'toolSaysApprovalNotNeeded', params: ({ event }) => ({ needed: event.output }) }, target: 'recordingStart' },
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
                { guard: { type: 'answerApproves', params: ({ event }) => ({ approved: event.output.approved }) }, target: '#toolCall.recordingStart', actions: 'announceApproved' },
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
          APPROVE: { target: 'recordingStart', actions: 'announceApproved' },
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
      // A durable session records that the call starts before `execute` (docs/design.md,
      // "Durability"): the Run writes it and answers; without one the call goes on at once.
      recordingStart: {
        always: { guard: 'startNotRecorded', target: 'executing' },
        entry: enqueueActions(({ context, enqueue }) => {
          if (context.recordStart === true) enqueue('announceStarting');
        }),
        on: {
          'tool.startRecorded': { target: 'executing' },
          'tool.startRefused': { target: 'failed', actions: 'recordRefusedStart' },
          CANCEL: { target: 'cancelled', actions: 'recordCancelledWhileWaiting' },
          // A restored Run lost the record in flight: it is asked for again.
          'run.resumed': { target: 'recordingStart', reenter: true },
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
                { guard: 'afterHookGiven', target: '#toolCall.reviewingResult', actions: 'recordResult' },
                { guard: 'noAfterHook', target: '#toolCall.settling', actions: 'recordResult' },
              ],
              CANCEL: { target: 'aborting', actions: 'abortExecution' },
              // The execution of a restored Run never restarted (it may have had effects).
              'run.resumed': [
                { guard: 'toolMayRunAgain', target: '#toolCall.executing', reenter: true },
                { guard: 'toolRunsOnce', target: '#toolCall.failed', actions: 'recordInterrupted' },
              ],
            },
          },
          aborting: {
            on: { 'tool.settled': { target: '#toolCall.cancelled', actions: 'recordAcknowledgedCancel' } },
            after: { cancelGrace: { target: '#toolCall.abandoned', actions: 'recordAbandoned' } },
          },
        },
      },
      // The afterToolCall hook reviews the result: it may replace it or add context; a throw, a
      // malformed answer or no answer within hookTimeoutMs makes it `hook_failed`. A CANCEL keeps
      // the tool's own result: the call has finished.
      reviewingResult: {
        invoke: {
          id: 'afterToolCall',
          src: 'afterToolCall',
          input: ({ context }) => ({ ...hookInput(context), result: context.result! }),
          onDone: {
            target: 'settling',
            actions: [
              { type: 'recordReviewedResult', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'announceHookDecided', params: ({ event }) => ({ hook: 'afterToolCall', decision: event.output.modified ? 'modified' : 'none' }) },
            ],
          },
          onError: {
            target: 'settling',
            actions: [
              { type: 'recordHookFailure', params: ({ event }) => ({ why: describeError(event.error) }) },
              { type: 'announceHookDecided', params: ({ event }) => ({ hook: 'afterToolCall', decision: 'failed', reason: `The afterToolCall hook failed: ${describeError(event.error)}` }) },
            ],
          },
        },
        after: {
          hookTimeout: {
            target: 'settling',
            actions: [
              { type: 'recordHookFailure', params: { why: `no answer within ${hookTimeoutMs} ms (hookTimeoutMs)` } },
              { type: 'announceHookDecided', params: { hook: 'afterToolCall', decision: 'failed', reason: `The afterToolCall hook did not answer within ${hookTimeoutMs} ms (hookTimeoutMs)` } },
            ],
          },
        },
        on: { CANCEL: { target: 'settling' } },
      },
      // The final state names the recorded result: succeeded exactly when it is not an error.
      settling: {
        always: [
          { guard: 'resultIsError', target: 'failed' },
          { guard: 'resultIsSuccess', target: 'succeeded' },
        ],
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
 * The ToolCall machine: `validating → (checkingHooks →) checkingPermissions → (checkingApproval →)
 * (awaitingApproval →) executing → (reviewingResult →) settling → succeeded | failed | denied |
 * cancelled | abandoned`. Bound to no environment: Runs bind one
 * with `provideRunEnvironment`; used bare, its first step fails with a ConfigurationError.
 */
export const toolCallMachine = toolCallMachineFor(missingRunEnvironment);
