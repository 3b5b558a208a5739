// Stable, machine-readable codes. Tool-result codes reach the model; run codes reach the caller.

/** Codes an error-marked ToolResult may carry when the runtime produced it. */
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
  /** Used by capability modules (built-in tools, skills, MCP), not by the core. */
  pathOutsideRoot: 'path_outside_root',
  commandFailed: 'command_failed',
  timeout: 'timeout',
  mcpServerClosed: 'mcp_server_closed',
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
