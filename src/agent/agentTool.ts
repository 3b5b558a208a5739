// An agent as a tool of another (docs/agents-as-tools.md): a call runs a Run of the sub-agent
// as part of the parent's ToolCall. The parent's identity comes through the async context
// (runScope.ts): how deeply Runs nest, the approver the sub-agent asks through, and where its
// events go. The sub-agent's Run gets the call's signal (the parent's cancel reaches it and its
// tools), its own session `<parent session or Run id>.<call id>`, and its spending is reported
// with the result, so the parent's usage and budgets count it.
import { catchError, type Observable } from 'rxjs';
import { SessionErrorCode, ToolErrorCode } from '../codes.js';
import { ConfigurationError, RunError, SessionError } from '../errors.js';
import { quoteValue } from '../describeValue.js';
import type { RunEvent } from '../events/runEvent.js';
import { toolCallTraceparent } from '../telemetry/toolCallTraceparent.js';
import { errorResult } from '../tools/calls/errorResult.js';
import type { JsonSchemaObject, RunOutput, Tool, ToolContext, ToolResult, ToolSpending } from '../types.js';
import type { Agent } from './createAgent.js';
import { currentRunScope } from './runScope.js';

export interface AgentToolOptions<Args = Record<string, unknown>> {
  /** The tool's name (`^[a-zA-Z0-9_-]{1,64}$`). */
  name: string;
  description: string;
  /** Default: `{ input: string }`, the task handed to the sub-agent. */
  parameters?: JsonSchemaObject;
  /** The sub-agent's input from the call's arguments. Default: `args.input`, or the arguments as JSON. */
  input?: (args: Args) => string;
  /** How deeply Runs may nest: a top-level Run is depth 0, its sub-agent's Run 1. Default 3. */
  maxDepth?: number;
  /** Runs of this tool at once, across all parents. Default 4. */
  maxConcurrent?: number;
}

const DEFAULT_PARAMETERS: JsonSchemaObject = {
  type: 'object',
  properties: { input: { type: 'string', description: 'The task for the sub-agent, with everything it needs to know.' } },
  required: ['input'],
  additionalProperties: false,
};

function positiveInteger(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1) throw new ConfigurationError(`agentTool ${name} must be an integer >= 1, got ${quoteValue(value)}`);
  return value;
}

const SESSION_UNSAFE = /[^A-Za-z0-9._-]/g;

/** The sub-agent's session: the parent's session (or Run) id and the call id, within the session-id rules. */
function childSessionId(parent: string, callId: string): string {
  const id = `${parent}.${callId}`.replace(SESSION_UNSAFE, '_');
  return id.length <= 128 ? id : id.slice(0, 128);
}

function spendingOf(output: RunOutput | undefined): ToolSpending | undefined {
  if (!output) return undefined;
  const spent: ToolSpending = {};
  if (output.usage) spent.usage = output.usage;
  if (output.spent) {
    spent.costUsd = output.spent.costUsd;
    spent.toolCalls = output.spent.toolCalls;
  }
  return spent;
}

function answerOf(output: RunOutput): string {
  return output.output !== undefined ? JSON.stringify(output.output) : (output.text ?? '');
}

/** The sub-agent's events: its session's unfinished Run resumed (the parent's call runs again after a resume), else a new Run on `input`. */
function childEvents(agent: Agent, input: string, ctx: ToolContext, sessionId: string): Observable<RunEvent> {
  const traceparent = toolCallTraceparent(ctx);
  const options = { signal: ctx.signal, ...(traceparent ? { traceparent } : {}) };
  return agent.resumeStream(sessionId, options).pipe(
    catchError((error: unknown) => {
      if (!(error instanceof SessionError && error.code === SessionErrorCode.nothingToResume)) throw error;
      return agent.stream(input, { ...options, sessionId });
    }),
  );
}

/** Runs the sub-agent, forwarding its events (tagged) to the parent Run, which publishes them. */
function runChild(agent: Agent, input: string, ctx: ToolContext, sessionId: string, publish: ((event: RunEvent) => void) | undefined): Promise<RunOutput> {
  return new Promise((resolve, reject) => {
    childEvents(agent, input, ctx, sessionId).subscribe({
      next: (event) => {
        // A grandchild's event is already tagged with its own parent.
        publish?.(event.parentRunId === undefined ? { ...event, parentRunId: ctx.runId, parentCallId: ctx.callId } : event);
        // The sub-agent's own end, not one of its sub-agents' (their events pass through its stream too).
        const own = event.parentRunId === undefined;
        if (own && (event.type === 'run.completed' || event.type === 'run.cancelled' || event.type === 'run.failed')) resolve(event.output);
      },
      error: reject,
      // A stream that ends without the Run's end: its actor was stopped (the process is going away).
      complete: () => reject(new Error(`The sub-agent's Run on session "${sessionId}" stopped before it ended`)),
    });
  });
}

/**
 * A Tool whose call runs a Run of `agent` (a sub-agent) as part of the parent's ToolCall.
 * Refusals are error results: `agent_depth_limit`, `agent_concurrency_limit`; a sub-agent
 * Run that does not complete gives `agent_failed` (a cancelled one, the call's `cancelled`).
 * @example
 * import { createAgent, agentTool } from 'tinyagent';
 * const researcher = createAgent({ provider, instructions: 'You research.' });
 * const lead = createAgent({ provider, tools: [agentTool(researcher, { name: 'research', description: 'Researches a question' })] });
 */
export function agentTool<Args = { input: string }>(agent: Agent, options: AgentToolOptions<Args>): Tool<Args> {
  if (typeof agent?.stream !== 'function') throw new ConfigurationError(`agentTool needs an agent from createAgent, got ${quoteValue(agent)}`);
  const maxDepth = positiveInteger(options.maxDepth, 'maxDepth', 3);
  const maxConcurrent = positiveInteger(options.maxConcurrent, 'maxConcurrent', 4);
  const toInput = options.input ?? ((args: Args) => (typeof (args as { input?: unknown }).input === 'string' ? (args as { input: string }).input : JSON.stringify(args)));
  let running = 0;
  return {
    name: options.name,
    description: options.description,
    parameters: options.parameters ?? DEFAULT_PARAMETERS,
    // A call run again after the parent's resume resumes the sub-agent's unfinished Run, or starts it.
    effects: 'idempotent',
    async execute(args: Args, ctx: ToolContext): Promise<ToolResult> {
      const parent = currentRunScope();
      const depth = (parent?.depth ?? 0) + 1;
      if (depth > maxDepth) {
        return errorResult(ToolErrorCode.agentDepthLimit, `Not run: a sub-agent here would nest Runs ${depth} deep, more than maxDepth ${maxDepth}.`);
      }
      if (running >= maxConcurrent) {
        return errorResult(ToolErrorCode.agentConcurrencyLimit, `Not run: ${running} Runs of "${options.name}" are running, its maxConcurrent.`);
      }
      running++;
      const sessionId = childSessionId(parent?.sessionId ?? ctx.runId, ctx.callId);
      let output: RunOutput;
      try {
        output = await runChild(agent, toInput(args), ctx, sessionId, parent?.publish);
      } catch (error) {
        if (!(error instanceof RunError) || error.output === undefined) throw error;
        output = error.output;
      } finally {
        running--;
      }
      const link = `\n\n[sub-agent session "${sessionId}", run ${output.runId}]`;
      const spent = spendingOf(output);
      const result: ToolResult =
        output.status === 'completed'
          ? { content: answerOf(output) + link }
          : errorResult(ToolErrorCode.agentFailed, `The sub-agent's run ended ${output.status} (${output.error?.code ?? output.status}): ${output.error?.message ?? ''}${link}`);
      if (spent) result.spent = spent;
      return result;
    },
  };
}
