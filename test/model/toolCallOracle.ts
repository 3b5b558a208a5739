// An oracle for the model-based ToolCall tests that does not come from the machine: from a
// path's setup and stimuli alone (the call, the rules, what the hooks, the approver and the tool
// did) and the documented order (docs/hooks.md: beforeToolCall first; then deny rules, ask, allow,
// the tool's own needsApproval; afterToolCall last), whether the tool may run and which result
// code the call ends with ('ok' for a success).
import { codeOfOutcome } from './runPayloads.js';
import type { ToolCallPath } from './toolCallModel.js';
import { toolCallInputs } from './toolCallModel.js';

const REJECTED: Partial<Record<ToolCallPath['input'], string>> = {
  'unknown tool': 'unknown_tool',
  'invalid JSON': 'invalid_json',
  'invalid arguments': 'invalid_arguments',
};

export interface ToolCallExpectations {
  /** The rules, hooks and answers let the tool run. */
  mayRun: boolean;
  /** The code the call ends with, once the path reached an end. */
  code: string | undefined;
  /** A hook, a rule or the tool asks for a person's yes (so an approver may be asked). */
  needsApproval: boolean;
}

/** What the stimuli of `path` allow and decide. */
export function toolCallExpectations(path: ToolCallPath): ToolCallExpectations {
  const rejected = REJECTED[path.input];
  if (rejected) return { mayRun: false, code: rejected, needsApproval: false };
  // A resumed call that may have run with a tool that runs once: never again.
  if (path.input === 'resumed, interrupted') return { mayRun: false, code: 'interrupted', needsApproval: false };
  const runsOnce = toolCallInputs[path.input].name !== 'read';
  let startRecorded = path.input !== 'start recorded';
  let hook: string | undefined;
  let toolAsks: boolean | undefined;
  let approved = false;
  let refused: string | undefined;
  let ran: string | undefined;
  let reviewed: string | undefined;
  let cancelled = false;
  const needsApproval = () =>
    path.input === 'asked by a rule' ||
    hook === 'ask' ||
    (hook !== 'allow' && path.input !== 'allowed by a rule' && (path.input === 'needs approval' || (path.input === 'asks about approval' && toolAsks === true)));
  for (const { event } of path.steps) {
    const { stimulus } = event;
    if (refused !== undefined) break;
    if (stimulus.kind === 'beforeHook') {
      if (stimulus.answer === 'deny' || stimulus.answer === 'throws') refused = 'denied';
      else if (stimulus.answer === 'rewrites invalidly') refused = 'invalid_arguments';
      else hook = stimulus.answer;
    }
    if (stimulus.kind === 'hookTimeout') {
      if (ran === undefined) refused = 'denied';
      else reviewed = 'hook_failed';
    }
    if (stimulus.kind === 'decide') {
      if (stimulus.answer === 'throws') refused = 'denied';
      else toolAsks = stimulus.answer;
    }
    if (stimulus.kind === 'approver' || stimulus.kind === 'answerEvent') {
      const yes = stimulus.kind === 'approver' ? stimulus.answer === true : stimulus.approved;
      if (yes) approved = true;
      else refused = 'denied';
    }
    // Cancelled before it ran or while it ran (the tool's settling, or the grace, may follow).
    if (stimulus.kind === 'cancel' && ran === undefined) cancelled = true;
    if (stimulus.kind === 'settle') ran = codeOfOutcome[stimulus.outcome];
    // A durable session that cannot record the start: the call never runs.
    if (stimulus.kind === 'startRecord' && !stimulus.ok) refused = 'session_error';
    if (stimulus.kind === 'startRecord' && stimulus.ok) startRecorded = true;
    // Restored while it executed: a tool that runs once is interrupted, one that may run again runs again.
    if (stimulus.kind === 'resumed' && startRecorded && ran === undefined && runsOnce) ran = 'interrupted';
    if (stimulus.kind === 'graceExpires') ran = 'cancelled';
    if (stimulus.kind === 'afterHook') reviewed = stimulus.answer === 'throws' ? 'hook_failed' : stimulus.answer === 'replaces' ? 'ok' : undefined;
  }
  // A deny rule refuses what beforeToolCall passed on; nobody to ask refuses what needs a yes.
  // (The rules apply once a hook that is there has answered.)
  const rulesReached = !path.hooked || hook !== undefined;
  const ruleDenied = rulesReached && path.input === 'denied by a rule';
  const nobodyAsked = rulesReached && path.policy === 'deny' && needsApproval();
  // A hook that is there answers before the tool runs; a needsApproval function decides first.
  const asked = rulesReached && (path.input !== 'asks about approval' || toolAsks !== undefined || hook === 'allow');
  const mayRun = refused === undefined && asked && !ruleDenied && !nobodyAsked && (!needsApproval() || approved);
  const beforeRunning = refused ?? (ruleDenied || nobodyAsked ? 'denied' : undefined);
  return { mayRun, code: beforeRunning ?? reviewed ?? ran ?? (cancelled ? 'cancelled' : undefined), needsApproval: needsApproval() };
}
