// Stable, machine-readable codes. Tool-result codes reach the model; run codes reach the caller.

/**
 * Codes an error-marked ToolResult may carry when the runtime produced it. The capability
 * modules' own codes live with them: `FileToolErrorCode`, `ShellToolErrorCode`,
 * `SkillToolErrorCode`, `McpErrorCode`.
 */
export const ToolErrorCode = {
  unknownTool: 'unknown_tool',
  invalidJson: 'invalid_json',
  invalidArguments: 'invalid_arguments',
  toolError: 'tool_error',
  cancelled: 'cancelled',
  iterationLimit: 'tool_iteration_limit',
  /** The call came after `limits.maxCallsPerResponse` calls of its response and did not run. */
  callLimit: 'tool_call_limit',
  incompleteToolCall: 'incomplete_tool_call',
  interrupted: 'interrupted',
  /** A person (or the absence of one) refused the call; it did not run. */
  denied: 'denied',
  /** An `afterToolCall` hook threw, timed out or answered something that is not a result; the tool did run. */
  hookFailed: 'hook_failed',
  /** agentTool: running the sub-agent would nest Runs deeper than its `maxDepth`; it did not run. */
  agentDepthLimit: 'agent_depth_limit',
  /** agentTool: `maxConcurrent` Runs of this sub-agent tool were running; it did not run. */
  agentConcurrencyLimit: 'agent_concurrency_limit',
  /** agentTool: the sub-agent's Run ended without completing (its status and code are in the content). */
  agentFailed: 'agent_failed',
  /** A budget of `limits` (docs/budgets.md) was used up: the call did not run. */
  budgetExceeded: 'budget_exceeded',
} as const;
export type ToolErrorCode = (typeof ToolErrorCode)[keyof typeof ToolErrorCode];

/** Codes a Run ends with when it does not complete. */
export const RunErrorCode = {
  iterationLimit: 'tool_iteration_limit',
  cancelled: 'cancelled',
  providerError: 'provider_error',
  sessionError: 'session_error',
  /** A `beforeProviderRequest` or `afterProviderResponse` hook threw or timed out. */
  hookFailed: 'hook_failed',
  /** A budget of `limits` was used up (status `limit_reached`); the message names the limit. */
  budgetExceeded: 'budget_exceeded',
  /** The final answer did not match `output` after `maxOutputRetries` retries. */
  outputInvalid: 'output_invalid',
  /** The Run's last turn (only `final_answer` offered) gave no answer. */
  outputMissing: 'output_missing',
} as const;
export type RunErrorCode = (typeof RunErrorCode)[keyof typeof RunErrorCode];

/** Codes of `ToolRegistrationError`. */
export const RegistrationErrorCode = {
  invalidToolName: 'invalid_tool_name',
  duplicateTool: 'duplicate_tool',
  invalidToolSchema: 'invalid_tool_schema',
  invalidToolDefinition: 'invalid_tool_definition',
} as const;
export type RegistrationErrorCode = (typeof RegistrationErrorCode)[keyof typeof RegistrationErrorCode];

/** Codes of `SessionError`. */
export const SessionErrorCode = {
  invalidSessionId: 'invalid_session_id',
  io: 'session_io',
  corrupt: 'session_corrupt',
  unsupportedVersion: 'session_unsupported_version',
  /** `append` was given something that is not a Message (types.ts); nothing was written. */
  invalidMessage: 'invalid_session_message',
  /** A Run was started on the session of the Run whose tool started it; it would wait for itself. */
  inUse: 'session_in_use',
  /** The session path is not a regular file this store may use (a link, a FIFO, a directory, another user's file). */
  unsafeFile: 'session_unsafe_file',
  /** Another writer held the session's lock for longer than `lockTimeoutMs`. */
  locked: 'session_locked',
  /** A newer owner took the session over: this lease's write was refused and never reached the store. */
  superseded: 'session_superseded',
  /** The session changed under a lease in a way its own writes cannot explain (a conditional append failed). */
  conflict: 'session_conflict',
  /** `resume` found no unfinished Run in the session. */
  nothingToResume: 'nothing_to_resume',
} as const;
export type SessionErrorCode = (typeof SessionErrorCode)[keyof typeof SessionErrorCode];
