// One tool call, from the model's request to a result: validate, execute, and on CANCEL
// abort the tool and wait at most `cancelGraceMs` for it. The Run spawns one per call.
import { assign, setup } from 'xstate';
import { limitOutput } from '../src/tools/calls/limitOutput.js';
import { prepareCall, type PreparedCall } from '../src/tools/calls/prepareCall.js';
import { abandonedResult, acknowledgedCancelResult } from '../src/tools/cancelledResults.js';
import { abortExecution, startExecution, type ToolSettledEvent } from './toolCall/toolExecution.js';
import type { ToolSet } from '../src/tools/toolSet.js';
import type { ToolCallRequest, ToolResult } from '../src/types.js';

export interface ToolCallInput {
  runId: string;
  /** The batch this call belongs to, from 1. */
  iteration: number;
  /** Position of the call in its assistant message. */
  index: number;
  call: ToolCallRequest;
  tools: ToolSet;
  maxOutputChars: number;
  cancelGraceMs: number;
  now: () => number;
}

export interface ToolCallOutput {
  index: number;
  call: ToolCallRequest;
  /** Already cut to `maxOutputChars`. */
  result: ToolResult;
  durationMs: number;
}

export interface ToolCallContext extends ToolCallInput {
  prepared: PreparedCall;
  startedAt: number;
  result: ToolResult | undefined;
}

export type ToolCallEvent = ToolSettledEvent | { type: 'CANCEL'; reason?: unknown };

/**
 * The ToolCall machine: `validating → executing → succeeded | failed | cancelled | abandoned`.
 * The tool runs from `executing`'s entry (src/run/toolExecution.ts), not as an actor of its own.
 */
export const toolCallMachine = setup({
  types: {} as {
    context: ToolCallContext;
    input: ToolCallInput;
    output: ToolCallOutput;
    events: ToolCallEvent;
  },
  guards: {
    rejected: ({ context }) => !context.prepared.ok,
    resultIsError: ({ event }) => event.type === 'tool.settled' && event.result.isError === true,
  },
  actions: {
    recordRejection: assign({ result: ({ context }) => (context.prepared.ok ? undefined : context.prepared.result) }),
    // The hot path: written in place, not with `assign`, which would copy the snapshot once
    // more per call. A custom action runs during the transition, before the final state's
    // output is computed (the rare paths above and below still use `assign`).
    recordResult: ({ context, event }) => {
      if (event.type === 'tool.settled') context.result = event.result;
    },
    recordAcknowledgedCancel: assign({ result: () => acknowledgedCancelResult() }),
    recordAbandoned: assign({ result: ({ context }) => abandonedResult(context.cancelGraceMs) }),
    startTool: ({ context, self }) => {
      if (!context.prepared.ok) throw new Error('unreachable: executing a rejected call');
      startExecution(self, {
        tool: context.prepared.tool,
        args: context.prepared.args,
        runId: context.runId,
        callId: context.call.id,
        iteration: context.iteration,
      });
    },
    abortTool: ({ event, self }) => abortExecution(self, event.type === 'CANCEL' ? event.reason : undefined),
  },
  delays: {
    cancelGrace: ({ context }) => context.cancelGraceMs,
  },
}).createMachine({
  id: 'toolCall',
  // Written out rather than `...input` (see startedEvent in src/run/runSteps.ts).
  context: ({ input }) => ({
    runId: input.runId,
    iteration: input.iteration,
    index: input.index,
    call: input.call,
    tools: input.tools,
    maxOutputChars: input.maxOutputChars,
    cancelGraceMs: input.cancelGraceMs,
    now: input.now,
    prepared: prepareCall(input.call, input.tools),
    startedAt: input.now(),
    result: undefined,
  }),
  initial: 'validating',
  states: {
    validating: {
      always: [{ guard: 'rejected', target: 'failed', actions: 'recordRejection' }, { target: 'executing' }],
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
    cancelled: { type: 'final' },
    abandoned: { type: 'final' },
  },
  output: ({ context }) => ({
    index: context.index,
    call: context.call,
    result: limitOutput(context.result ?? { content: '', isError: true, code: 'tool_error' }, context.maxOutputChars),
    durationMs: context.now() - context.startedAt,
  }),
});
