// What a Run works with but does not own: its provider, tools, session store, clock, the
// optional instructions and approver, and how approvals are answered without one. None of it
// is data, so none of it lives in a snapshot (docs/design.md, "Snapshots"). It reaches the
// machines through XState's own seam: `provideRunEnvironment` binds the machines' actors,
// guards and actions to one environment with `machine.provide`. The bare machines carry the
// `missingRunEnvironment`, whose every use fails with a ConfigurationError that says so.
import { ConfigurationError } from '../src/errors.js';
import type { AgentHooks } from '../src/hooks/hookTypes.js';
import type { PermissionPolicy } from '../src/permissions/permissionPolicy.js';
import type { SessionLease, SessionStore } from '../src/session/sessionStore.js';
import type { ToolSet } from '../src/tools/toolSet.js';
import type { Provider, Usage } from '../src/types.js';
import type { Approver } from './approval.js';
import type { CompiledOutput } from '../src/output/outputSchema.js';

/** Facts about the Run handed to an `instructions` function. */
export interface RunInfo {
  runId: string;
  /** The user's input that started the Run. */
  input: string;
  /** Tool batches executed so far. */
  iterations: number;
}

/**
 * What happens to an approval request when there is no `approve` callback: the Run waits for
 * APPROVE/DENY sent to its actor (`wait`), or denies it at once (`deny`, an agent's choice:
 * nobody can send its Runs an answer).
 */
export type ApprovalWithoutApprover = 'wait' | 'deny';

/**
 * The lease a Run's session writer writes through, when its caller took it already (to load
 * the history, or the state a resume continues from); `undefined` lets the writer take it.
 */
export type LeaseSource = (sessionId: string, runId: string) => Promise<SessionLease> | undefined;

export interface RunEnvironment {
  provider: Provider;
  /** The tools registered when the Run started. */
  tools: ToolSet;
  /** The store the Run appends to; the session id is in the Run's context. */
  store: SessionStore | undefined;
  /** Leases taken for the Run by its caller (durable stores only). */
  leases?: LeaseSource;
  now: () => number;
  /** Sent first, as a system message, in every provider request; never persisted. */
  instructions: string | ((run: RunInfo) => string) | undefined;
  /** Answers approval requests. */
  approve: Approver | undefined;
  withoutApprover: ApprovalWithoutApprover;
  /** The application's hooks (docs/hooks.md); without them no hook state waits for anything. */
  hooks?: AgentHooks;
  /** How long a hook may take; a late `beforeToolCall` denies, a late `afterToolCall` gives `hook_failed`. */
  hookTimeoutMs?: number;
  /** Parsed permission rules (docs/permissions.md), evaluated after `beforeToolCall`. */
  permissions?: PermissionPolicy;
  /** The compiled `output` of a Run that must end with a typed answer (docs/output.md). */
  output?: CompiledOutput;
  /** Prices one response in USD, for `limits.maxCostUsd` (docs/budgets.md); the application's own. */
  pricing?: (usage: Usage) => number;
  /**
   * Receives the live value behind a described cause (a provider's error, a session store's),
   * for the RunError the caller builds; the snapshot keeps only its description.
   */
  keepCause?: (runId: string, cause: unknown) => void;
}

const MISSING =
  'runMachine has no environment (provider, tools, session store, clock): create Runs with createRunActor, ' +
  'or bind one with provideRunEnvironment(environment) before createActor';

function missing(): never {
  throw new ConfigurationError(MISSING);
}

/** The environment of the bare machines: every use throws a ConfigurationError naming what is missing. */
export const missingRunEnvironment: RunEnvironment = {
  provider: { complete: missing },
  tools: { specs: [], names: [], lookup: missing },
  store: undefined,
  now: missing,
  instructions: undefined,
  approve: undefined,
  withoutApprover: 'wait',
};
