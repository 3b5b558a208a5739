// The tool hooks as promise actors of the ToolCall (docs/hooks.md): `beforeToolCall`, whose
// answer is checked and whose rewritten arguments are validated again against the tool's
// schema here, and `afterToolCall`, whose answer becomes the call's result. Their inputs are
// data; the hooks and the tools come from the environment they were bound to. Leaving the state
// that invoked them (a CANCEL, the hook timeout) aborts their signal. A malformed answer rejects:
// the ToolCall treats it like a throw.
import { isRecord } from '../../src/isRecord.js';
import { describeValue } from '../../src/describeValue.js';
import type { AgentHooks, HookToolCall } from '../../src/hooks/hookTypes.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import { normalizeToolReturn } from '../../src/tools/calls/runTool.js';
import type { ToolSet } from '../../src/tools/toolSet.js';
import type { ToolResult } from '../../src/types.js';
import { ToolErrorCode } from '../../src/codes.js';
import { fromAbortablePromise } from './abortablePromise.js';
import { copyJson } from './copyJson.js';
import { LazyToolContext } from './lazyAbort.js';

/** What a tool hook is asked about: the call, with its validated arguments, and where it runs. */
export interface ToolHookInput {
  runId: string;
  iteration: number;
  call: HookToolCall;
}

/** `beforeToolCall`'s answer, checked: `rejection` when rewritten arguments failed validation. */
export interface BeforeToolCallOutcome {
  decision: 'allow' | 'deny' | 'ask' | 'none';
  reason?: string;
  /** The rewritten arguments, validated (absent when the hook kept the call's). */
  args?: Record<string, unknown>;
  rejection?: ToolResult;
}

/** `afterToolCall`'s answer as the call's result; `modified` when the hook changed anything. */
export interface AfterToolCallOutcome {
  result: ToolResult;
  modified: boolean;
}

const DECISIONS: ReadonlySet<unknown> = new Set(['allow', 'deny', 'ask']);

function malformed(hook: string, what: string): Error {
  return new Error(`${hook} answered ${what}`);
}

/**
 * A beforeToolCall answer as the ToolCall reads it; throws for a malformed one.
 * @example checkBeforeAnswer(undefined, { specs: [], names: [], lookup: () => undefined }, { id: 'c1', name: 'echo', arguments: {} }) // { decision: 'none' }
 */
export function checkBeforeAnswer(answer: unknown, tools: ToolSet, call: HookToolCall): BeforeToolCallOutcome {
  if (answer === undefined || answer === null) return { decision: 'none' };
  if (!isRecord(answer)) throw malformed('beforeToolCall', `${describeValue(answer)}, not { decision?, reason?, arguments? }`);
  const { decision, reason, arguments: args } = answer;
  if (decision !== undefined && !DECISIONS.has(decision)) throw malformed('beforeToolCall', `the decision ${describeValue(decision)}, not "allow", "deny" or "ask"`);
  if (reason !== undefined && typeof reason !== 'string') throw malformed('beforeToolCall', `a reason that is ${describeValue(reason)}, not a string`);
  const outcome: BeforeToolCallOutcome = { decision: (decision as BeforeToolCallOutcome['decision'] | undefined) ?? 'none' };
  if (typeof reason === 'string' && reason !== '') outcome.reason = reason;
  if (args === undefined) return outcome;
  // Validated like the model's own: a hook cannot make a tool run with arguments its schema refuses.
  const checked = isRecord(args) ? tools.lookup(call.name)?.validate(copyJson(args)) : undefined;
  if (checked?.valid) outcome.args = checked.data;
  else {
    const issues = checked && !checked.valid ? checked.errors.map((issue) => `- ${issue.path || '(root)'}: ${issue.message}`) : [`- (root): must be an object, got ${describeValue(args)}`];
    outcome.rejection = errorResult(
      ToolErrorCode.invalidArguments,
      [`Not run: the beforeToolCall hook rewrote the arguments for tool "${call.name}" into ones its parameters schema rejects:`, ...issues].join('\n'),
    );
  }
  return outcome;
}

/**
 * Asks `beforeToolCall`; the ToolCall invokes it only when the hook is there.
 * @example const logic = beforeToolCall({ beforeToolCall: () => ({ decision: 'allow' }) }, { specs: [], names: [], lookup: () => undefined });
 */
export function beforeToolCall(hooks: AgentHooks | undefined, tools: ToolSet) {
  return fromAbortablePromise<BeforeToolCallOutcome, ToolHookInput>(({ input, abort }) => {
    const hook = hooks?.beforeToolCall;
    if (!hook) return Promise.reject(new Error('unreachable: asking a beforeToolCall hook that is not there'));
    const context = new LazyToolContext(input.runId, input.call.id, input.call.name, input.iteration, abort);
    return Promise.resolve(hook(copyJson(input.call), context)).then((answer) => checkBeforeAnswer(answer, tools, input.call));
  });
}

/** What `afterToolCall` is asked about: the call and the tool's result. */
export interface AfterToolHookInput extends ToolHookInput {
  result: ToolResult;
}

/**
 * An afterToolCall answer as the call's result; throws for a malformed one.
 * @example checkAfterAnswer({ additionalContext: 'Checked.' }, { runId: 'r', iteration: 1, call: { id: 'c1', name: 'echo', arguments: {} }, result: { content: 'ok' } }).modified // true
 */
export function checkAfterAnswer(answer: unknown, input: AfterToolHookInput): AfterToolCallOutcome {
  if (answer === undefined || answer === null) return { result: input.result, modified: false };
  if (!isRecord(answer)) throw malformed('afterToolCall', `${describeValue(answer)}, not { result?, additionalContext? }`);
  const { result, additionalContext } = answer;
  if (additionalContext !== undefined && typeof additionalContext !== 'string') throw malformed('afterToolCall', `additionalContext that is ${describeValue(additionalContext)}, not a string`);
  if (result !== undefined && typeof result !== 'string' && !(isRecord(result) && typeof result.content === 'string')) {
    throw malformed('afterToolCall', `a result that is ${describeValue(result)}, not a string or { content }`);
  }
  // A replacement is read like a tool's own return: no runtime code, no `truncated` of its own.
  let replaced = result === undefined ? input.result : normalizeToolReturn(input.call.name, result);
  if (typeof additionalContext === 'string' && additionalContext !== '') replaced = { ...replaced, content: `${replaced.content}\n\n${additionalContext}` };
  return { result: replaced, modified: result !== undefined || (typeof additionalContext === 'string' && additionalContext !== '') };
}

/**
 * Asks `afterToolCall`; the ToolCall invokes it only when the hook is there.
 * @example const logic = afterToolCall({ afterToolCall: () => ({ additionalContext: 'Checked.' }) });
 */
export function afterToolCall(hooks: AgentHooks | undefined) {
  return fromAbortablePromise<AfterToolCallOutcome, AfterToolHookInput>(({ input, abort }) => {
    const hook = hooks?.afterToolCall;
    if (!hook) return Promise.reject(new Error('unreachable: asking an afterToolCall hook that is not there'));
    const context = new LazyToolContext(input.runId, input.call.id, input.call.name, input.iteration, abort);
    return Promise.resolve(hook(copyJson(input.call), copyJson(input.result), context)).then((answer) => checkAfterAnswer(answer, input));
  });
}
