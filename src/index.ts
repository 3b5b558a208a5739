// The public API of tinyagent: named exports only. test/publicApi.test.ts pins this list.

// Data shapes
export type {
  JsonSchemaObject,
  Tool,
  ToolContext,
  ToolResult,
  ToolSpec,
  Message,
  SystemMessage,
  UserMessage,
  AssistantMessage,
  ToolMessage,
  ToolCallRequest,
  Provider,
  ProviderRequest,
  ProviderResponse,
  ProviderCallOptions,
  FinishReason,
  Usage,
  RunLimits,
  RunStatus,
  RunErrorInfo,
  RunOutput,
} from './types.js';

// Codes and errors
export { ToolErrorCode, RunErrorCode, RegistrationErrorCode, SessionErrorCode } from './codes.js';
export {
  TinyAgentError,
  ToolRegistrationError,
  RunError,
  SessionError,
  ProviderError,
  ConfigurationError,
} from './errors.js';
export type { ProviderErrorDetails, TinyAgentErrorOptions } from './errors.js';

// Limits
export { DEFAULT_LIMITS, resolveLimits } from './limits.js';
