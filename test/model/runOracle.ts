// An oracle for the model-based Run tests that does not come from the machine: from a path's
// stimuli alone (what the provider, tools, session and user did) and the contract's rules, what
// a Run may do by any step of the path, and how it must end. It is applied to every generated
// path and to each of its prefixes, and names what the runtime did that the rules forbid:
// - which calls may run: not beyond the iteration limit (an incomplete response counts as an
//   iteration), not an incomplete response's, not a call validation rejects, not beyond
//   maxCallsPerResponse, not before its approval, none after a cancel, none twice;
// - the order: a serial batch's calls never overlap, a concurrent one runs at most
//   maxConcurrency at once;
// - how many provider requests happen: one per answer given and at most one pending, none
//   after a cancel;
// - each call's result code, where the stimuli decide it;
// - the permission rule's decision, reported before the approval request it causes;
// - the end (expectedEnd.ts).
import type { ProviderResponse, RunEvent } from '../../src/index.js';
import { ToolErrorCode } from '../../src/index.js';
import type { RunPath } from './runModel.js';
import { resolvedLimits, resumePointOf } from './runModel.js';
import { codeOfOutcome, replies } from './runPayloads.js';
import { nothingSpent, spendResponse, usedUp } from './budgetRules.js';
import { outputVerdict } from './outputRules.js';

/** What the replay saw by the end of a step: the published events and the calls that reached `execute`. */
export interface Observed {
  events: readonly RunEvent[];
  /** Each call that reached its tool's `execute`, with the step during which it did. */
  executions: readonly { callId: string; step: number }[];
  /** provider.requested events published by the end of each step so far, by step. */
  requestsByStep: readonly number[];
}

interface CallRule {
  batch: number;
  index: number;
  /** The batch runs one call at a time. */
  serial: boolean;
  /** The contract lets this call reach `execute` (if the Run gets that far). */
  mayRun: boolean;
  needsApproval: boolean;
  /** Its tool may run again after a restore (effects 'none'). */
  rerunnable: boolean;
  /** The result code the stimuli decide, if they do. */
  code?: string;
}


/** Validation's verdict on a model call, by the contract's rules for one call (unknown tool, JSON, schema). */
function rejectionOf(name: string, args: string): string | undefined {
  if (!['work', 'read', 'guard', 'check'].includes(name)) return ToolErrorCode.unknownTool;
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    return ToolErrorCode.invalidJson;
  }
  const n = (parsed as { n?: unknown }).n;
  return Number.isInteger(n) ? undefined : ToolErrorCode.invalidArguments;
}

/** What the stimuli of the first `steps` steps of `path` allow and decide. */
function rulesOf(path: RunPath, steps: number) {
  const limits = resolvedLimits(path.set);
  const calls = new Map<string, CallRule>();
  const approvedAt = new Map<string, number>();
  let cancelledAt: number | undefined = path.set.aborted ? 0 : undefined;
  let sessionFailed = false;
  let counted = 0;
  let answered = 0;
  const spent = nothingSpent();
  // With `output`, which reply was the last turn's and what the output rules give its calls.
  const turns = path.set.output ? outputVerdict(path, limits, steps).turns : undefined;
  let turn = 0;
  const restoredAt: number[] = [];
  // A resumed Run's batch: its calls may run (an interrupted one never does).
  const resumed = path.set.resume ? resumePointOf(path.set.resume) : undefined;
  if (resumed?.batch) {
    counted = 1;
    const { calls: batchCalls, concurrent, interrupted } = resumed.batch;
    batchCalls.forEach((call, index) => {
      const wasInterrupted = interrupted.includes(index);
      calls.set(call.id, { batch: 1, index, serial: !concurrent, mayRun: !wasInterrupted, needsApproval: false, rerunnable: call.name === 'read', ...(wasInterrupted ? { code: ToolErrorCode.interrupted } : {}) });
    });
  }
  for (let step = 1; step < steps; step++) {
    const { stimulus } = path.steps[step]!.event;
    if (stimulus.kind === 'restore') restoredAt.push(step);
    if (stimulus.kind === 'startRecord' && !stimulus.ok) sessionFailed = true;
    if (stimulus.kind === 'cancel') cancelledAt ??= step;
    if (stimulus.kind === 'sessionWrite' && !stimulus.ok) sessionFailed = true;
    if (stimulus.kind === 'answer' && stimulus.approved) approvedAt.set(stimulus.callId, step);
    if (stimulus.kind === 'answer' && !stimulus.approved) calls.get(stimulus.callId)!.code ??= ToolErrorCode.denied;
    if (stimulus.kind === 'tool') {
      const rule = calls.get(stimulus.callId);
      if (rule && rule.code === undefined) rule.code = codeOfOutcome[stimulus.outcome];
    }
    if (stimulus.kind === 'providerFailure') answered++;
    if (stimulus.kind !== 'reply') continue;
    answered++;
    const answerTurn = turns?.[turn++];
    const response = replies[stimulus.reply](stimulus.batch) as Pick<ProviderResponse, 'usage' | 'finishReason'> & { toolCalls?: { id: string; name: string; arguments: string }[] };
    const toolCalls = response.toolCalls ?? [];
    const overBudget = spendResponse(limits, spent, response.usage, Math.min(toolCalls.length, limits.maxCallsPerResponse));
    if (toolCalls.length === 0) continue;
    const overLimit = counted >= limits.maxIterations;
    const incomplete = response.finishReason === 'length';
    if (overBudget) {
      for (const [index, call] of toolCalls.entries()) calls.set(call.id, { batch: stimulus.batch, index, serial: true, mayRun: false, needsApproval: false, rerunnable: false, code: ToolErrorCode.budgetExceeded });
      continue;
    }
    // The last turn's calls never run as tools.
    if (answerTurn?.finalTurn) {
      for (const [index, call] of toolCalls.entries()) calls.set(call.id, { batch: stimulus.batch, index, serial: true, mayRun: false, needsApproval: false, rerunnable: false, code: answerTurn.codes.get(call.id) });
      continue;
    }
    if (!overLimit) counted++;
    if (!overLimit && !incomplete) spent.toolCalls += Math.min(toolCalls.length, limits.maxCallsPerResponse);
    const serial = !toolCalls.every((call) => call.name === 'read');
    toolCalls.forEach((call, index) => {
      const rejection = rejectionOf(call.name, call.arguments);
      const code = overLimit
        ? ToolErrorCode.iterationLimit
        : incomplete
          ? ToolErrorCode.incompleteToolCall
          : index >= limits.maxCallsPerResponse
            ? ToolErrorCode.callLimit
            : rejection;
      // A final_answer call is the runtime's own tool (never the replay's): its verdict is checked by the end it gives.
      if (call.name === 'final_answer' && answerTurn) calls.set(call.id, { batch: stimulus.batch, index, serial, mayRun: false, needsApproval: false, rerunnable: false });
      else calls.set(call.id, { batch: stimulus.batch, index, serial, mayRun: code === undefined, needsApproval: call.name === 'guard', rerunnable: call.name === 'read', code });
    });
  }
  return { limits, calls, approvedAt, cancelledAt, answered, sessionFailed, budgetUsedUp: usedUp(limits, spent), restoredAt };
}

/** The terminal tool event of each call, and its position. */
function toolEventPositions(events: readonly RunEvent[]) {
  const started = new Map<string, number>();
  const ended = new Map<string, { at: number; code: string }>();
  events.forEach((event, at) => {
    if (event.type === 'tool.started') started.set(event.callId, at);
    if (event.type === 'tool.completed') ended.set(event.callId, { at, code: 'ok' });
    if (event.type === 'tool.failed') ended.set(event.callId, { at, code: event.code });
  });
  return { started, ended };
}

/**
 * What the runtime did, by the end of step `step` of `path`, that the contract's rules forbid.
 * @example expect(oracleViolations(path, 3, observed)).toEqual([])
 */
export function oracleViolations(path: RunPath, step: number, observed: Observed): string[] {
  const { limits, calls, approvedAt, cancelledAt, answered, sessionFailed, budgetUsedUp, restoredAt } = rulesOf(path, step + 1);
  const violations: string[] = [];
  const seen = new Set<string>();
  for (const { callId, step: at } of observed.executions) {
    const rule = calls.get(callId);
    // A restore runs an execution again when its tool may run again ('read' has effects 'none').
    const rerun = restoredAt.some((restore) => restore <= at && rule?.rerunnable === true);
    if (seen.has(callId) && !rerun) violations.push(`${callId} ran twice`);
    seen.add(callId);
    if (!rule || !rule.mayRun) violations.push(`${callId} ran, but the contract refuses it (${rule?.code ?? 'no such call'})`);
    if (cancelledAt !== undefined && at >= cancelledAt) violations.push(`${callId} started after the cancel`);
    if (rule?.needsApproval && !(approvedAt.get(callId)! <= at)) violations.push(`${callId} ran before its approval`);
  }
  const { started, ended } = toolEventPositions(observed.events);
  const byBatch = new Map<number, [string, CallRule][]>();
  for (const entry of calls) byBatch.set(entry[1].batch, [...(byBatch.get(entry[1].batch) ?? []), entry]);
  for (const batch of byBatch.values()) {
    const ordered = batch.sort((a, b) => a[1].index - b[1].index);
    if (ordered[0]![1].serial) {
      for (let i = 1; i < ordered.length; i++) {
        const [previous] = ordered[i - 1]!;
        const [id] = ordered[i]!;
        const startedAt = started.get(id);
        const previousEnded = ended.get(previous)?.at;
        if (startedAt !== undefined && (previousEnded === undefined || previousEnded > startedAt)) violations.push(`serial batch: ${id} started before ${previous} ended`);
      }
    } else {
      let open = 0;
      for (const event of observed.events) {
        if (!('callId' in event) || !calls.has(event.callId) || calls.get(event.callId)!.batch !== ordered[0]![1].batch) continue;
        if (event.type === 'tool.started') open++;
        if (event.type === 'tool.completed' || event.type === 'tool.failed') open--;
        if (open > limits.maxConcurrency) violations.push(`concurrent batch ${ordered[0]![1].batch}: ${open} calls at once, more than maxConcurrency ${limits.maxConcurrency}`);
      }
    }
  }
  for (const [callId, { code }] of ended) {
    const rule = calls.get(callId);
    const expected = rule?.code ?? (rule?.mayRun && cancelledAt !== undefined && !sessionFailed && !seen.has(callId) ? ToolErrorCode.cancelled : undefined);
    if (expected !== undefined && code !== expected && code !== ToolErrorCode.interrupted) violations.push(`${callId} ended ${code}, the stimuli give ${expected}`);
  }
  // The ask rule for `guard` (runModelPermissions) decides, and says so, before its call asks for approval; no other call gets a decision.
  observed.events.forEach((event, at) => {
    if (event.type === 'tool.hook_decided' && (event.hook !== 'permissions' || event.decision !== 'ask' || calls.get(event.callId)?.needsApproval !== true)) {
      violations.push(`${event.callId}: a ${event.hook} decision "${event.decision}" the rules do not give`);
    }
    if (event.type !== 'tool.approval_requested') return;
    const decidedAt = observed.events.findIndex((other) => other.type === 'tool.hook_decided' && other.callId === event.callId);
    if (decidedAt < 0 || decidedAt > at) violations.push(`${event.callId} asked for approval before the ask rule's decision was reported`);
  });
  const requests = observed.requestsByStep[step] ?? 0;
  if (requests < answered || requests > answered + 1) violations.push(`${requests} provider requests for ${answered} answers`);
  if (cancelledAt !== undefined && cancelledAt > 0 && step >= cancelledAt && requests !== (observed.requestsByStep[cancelledAt - 1] ?? 0)) {
    violations.push('a provider request after the cancel');
  }
  if (budgetUsedUp && requests > answered) violations.push('a provider request after a budget was used up');
  if (path.set.aborted && requests > 0) violations.push('a provider request although the signal was aborted before the start');
  return violations;
}
