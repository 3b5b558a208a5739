// The shapes of hooks (docs/hooks.md): functions of the application that the ToolCall and the
// provider request consult at fixed points of one lifecycle, to decide, rewrite or observe.
import type { Message, ProviderRequest, ProviderResponse, ToolContext, ToolResult } from '../types.js';

/** A call as hooks see it: its id, its tool, and its arguments after validation against the tool's schema. */
export interface HookToolCall {
  id: string;
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * What `beforeToolCall` may answer (or nothing: no opinion). `deny` refuses the call (code
 * `denied`, with the reason); `ask` routes it to approval even without `needsApproval`; `allow`
 * skips the tool's own `needsApproval` (deny and ask rules still apply). `arguments` replaces
 * the call's arguments and is validated again against the tool's schema.
 */
export interface BeforeToolCallAnswer {
  decision?: 'allow' | 'deny' | 'ask';
  reason?: string;
  arguments?: Record<string, unknown>;
}

/** What `afterToolCall` may answer: a result in the tool's place, and text appended for the model. */
export interface AfterToolCallAnswer {
  result?: ToolResult | string;
  additionalContext?: string;
}

/** Facts about the provider request a provider hook sees. */
export interface ProviderHookContext {
  runId: string;
  /** Tool batches executed so far. */
  iterations: number;
  /** Aborted when the Run is cancelled. */
  signal: AbortSignal;
}

/** What `beforeProviderRequest` may answer: messages added after the request's own, for that request only. */
export interface BeforeProviderRequestAnswer {
  messages?: Message[];
}

type MaybePromise<T> = T | Promise<T>;

/** The hooks of an agent or a Run; each is optional. */
export interface AgentHooks {
  /** Before a valid call runs; `ctx.signal` aborts when the Run is cancelled meanwhile. */
  beforeToolCall?: (call: HookToolCall, ctx: ToolContext) => MaybePromise<BeforeToolCallAnswer | undefined | void>;
  /** After the tool settled, with its result (before the output limit). */
  afterToolCall?: (call: HookToolCall, result: ToolResult, ctx: ToolContext) => MaybePromise<AfterToolCallAnswer | undefined | void>;
  /** Before each provider request; the messages it returns are never persisted. */
  beforeProviderRequest?: (request: ProviderRequest, ctx: ProviderHookContext) => MaybePromise<BeforeProviderRequestAnswer | undefined | void>;
  /** After each provider response, to observe it. */
  afterProviderResponse?: (response: ProviderResponse, ctx: ProviderHookContext) => MaybePromise<void>;
}

/** Who decided, in a `tool.hook_decided` event: a hook, or the permission rules. */
export type HookName = 'beforeToolCall' | 'afterToolCall' | 'permissions';

/**
 * What was decided: `allow`, `deny`, `ask` (beforeToolCall, permission rules), `none` (the hook
 * had no opinion), `modified` (afterToolCall replaced the result or added context), `failed`
 * (afterToolCall threw or timed out: the result is `hook_failed`).
 */
export type HookDecision = 'allow' | 'deny' | 'ask' | 'none' | 'modified' | 'failed';

/** Default of `hookTimeoutMs`: how long a hook may take before it counts as failed. */
export const DEFAULT_HOOK_TIMEOUT_MS = 30_000;
