// One tool call, from the model's request to a result: validate, execute, and on CANCEL
// abort the tool and wait at most `cancelGraceMs` for it (docs/design.md, "The ToolCall").
// The Run spawns one per call. Its context is data; the tool and the clock come from the
// Run's environment, and the running tool's abort handle is kept outside the snapshot.
import { assign, setup } from 'xstate';
import { limitOutput } from '../src/tools/calls/limitOutput.js';
import { prepareCall } from '../src/tools/calls/prepareCall.js';
import { abandonedResult, acknowledgedCancelResult } from '../src/tools/cancelledResults.js';
import { environmentOf } from './run/runEnvironment.js';
import { abortExecution, startExecution, type ToolSettledEvent } from './toolCall/toolExecution.js';
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

export interface ToolCallContext extends ToolCallInput {
  /** The validated arguments; undefined when validation rejected the call. */
  args: Record<string, unknown> | undefined;
  /** The error result validation gave instead. */
  rejection: ToolResult | undefined;
  startedAt: number;
  result: ToolResult | undefined;
}

export type ToolCallEvent = ToolSettledEvent | { type: 'CANCEL'; reason?: unknown };

/**
 * The ToolCall machine: `validating → executing → succeeded | failed | cancelled | abandoned`.
 * The tool runs from `executing`'s entry (machines/toolCall/toolExecution.ts), not as an actor of its own.
 */
export const toolCallMachine = setup({
  types: {} as {
    context: ToolCallContext;
    input: ToolCallInput;
    output: ToolCallOutput;
    events: ToolCallEvent;
  },
  guards: {
    callRejected: ({ context }) => context.rejection !== undefined,
    resultIsError: ({ event }) => event.type === 'tool.settled' && event.result.isError === true,
  },
  actions: {
    recordRejection: assign({ result: ({ context }) => context.rejection }),
    recordResult: assign({ result: ({ context, event }) => (event.type === 'tool.settled' ? event.result : context.result) }),
    recordAcknowledgedCancel: assign({ result: () => acknowledgedCancelResult() }),
    recordAbandoned: assign({ result: ({ context }) => abandonedResult(context.cancelGraceMs) }),
    startTool: ({ context, self }) => {
      const registered = environmentOf(self.system).tools.lookup(context.call.name);
      if (!registered || !context.args) throw new Error('unreachable: executing a rejected call');
      startExecution(self, { tool: registered, args: context.args, runId: context.runId, callId: context.call.id, iteration: context.iteration });
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
    const prepared = prepareCall(input.call, environment.tools);
    return {
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
      always: [{ guard: 'callRejected', target: 'failed', actions: 'recordRejection' }, { target: 'executing' }],
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
  output: ({ context, self }) => ({
    index: context.index,
    call: context.call,
    result: limitOutput(context.result ?? { content: '', isError: true, code: 'tool_error' }, context.maxOutputChars),
    durationMs: environmentOf(self.system).now() - context.startedAt,
  }),
});
