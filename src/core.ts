// The core public API: named exports only. Capability modules above the core (builtins,
// skills, mcp, cli) import from here and nothing else in src/ (enforced by eslint.config.js).

// Data shapes
export type {
  JsonSchemaObject,
  Tool,
  ToolContext,
  ToolEffects,
  ToolResult,
  ToolSpec,
  NeedsApprovalFn,
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
  ProviderInfo,
  RunLimits,
  RunStatus,
  RunErrorInfo,
  RunOutput,
  BudgetLimit,
  RunSpending,
  ToolSpending,
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
export type { ProviderErrorDetails, TinyAgentErrorOptions, ToolRegistrationErrorDetails } from './errors.js';

// Tools
export { ToolRegistry } from './tools/registry.js';
export type { ToolSet, RegisteredTool } from './tools/toolSet.js';
export type { SchemaIssue } from './tools/validation/schemaValidator.js';

// Sessions
export type {
  AcquireOptions,
  CallStart,
  DurableSessionStore,
  RunCheckpoint,
  SessionLease,
  SessionStore,
  UnfinishedRun,
} from './session/sessionStore.js';
export { isDurableSessionStore } from './session/isDurableSessionStore.js';
export { MemorySessionStore } from './session/memorySessionStore.js';
export type { MemorySessionStoreOptions } from './session/memorySessionStore.js';
export { FileSessionStore } from './session/fileSessionStore.js';
export type { FileSessionStoreOptions } from './session/fileSessionStore.js';
export type { DurableStoreOptions, SessionRepair } from './session/leasedSessions.js';
export { repairInterruptedCalls } from './session/repairSession.js';
export type { InterruptedCallRepair } from './session/repairSession.js';

// Limits
export { DEFAULT_LIMITS, resolveLimits } from './limits.js';

// Runs and agents
export { createRunActor } from './run/createRunActor.js';
export type { CreateRunActorOptions } from './run/createRunActor.js';
export type { SessionBinding } from './run/createRunActor.js';
export { resumeRunActor } from './run/resumeRunActor.js';
export type { ResumeRunActorOptions } from './run/resumeRunActor.js';
export { runToPromise } from './run/runEvents.js';
export type { RunInfo, RunEnvironment, ApprovalWithoutApprover } from '../machines/environment.js';
export type { ApprovalRequest, ApprovalAnswer, Approver } from '../machines/approval.js';
export { createAgent } from './agent/createAgent.js';
export type { Agent, AgentOptions, AgentResumeOptions, AgentRunOptions, AgentOutputOptions } from './agent/createAgent.js';
export { FINAL_ANSWER_TOOL } from './output/outputSchema.js';
export { agentTool } from './agent/agentTool.js';
export type { AgentToolOptions } from './agent/agentTool.js';
export type { OutputSchema, OutputOf, OutputMode, OutputOptions } from './output/outputSchema.js';

// Machines
export { runMachine, provideRunEnvironment } from '../machines/run.machine.js';
export type { RunMachineInput, RunMachineEvent } from '../machines/run.machine.js';
export { toolCallMachine } from '../machines/toolCall.machine.js';
export type { ToolCallInput, ToolCallOutput } from '../machines/toolCall.machine.js';

// Events
export { runEvents } from './run/runEvents.js';
export type { RunActor } from './run/runEvents.js';
export { isTerminalRunEvent } from './events/runEvent.js';
export type {
  RunEvent,
  RunEventType,
  RunEventBase,
  RunStartedEvent,
  RunResumedEvent,
  ProviderRequestedEvent,
  ProviderRespondedEvent,
  TextDeltaEvent,
  ToolStartedEvent,
  ToolCompletedEvent,
  ToolFailedEvent,
  ToolApprovalRequestedEvent,
  ToolApprovalResolvedEvent,
  ToolHookDecidedEvent,
  RunCompletedEvent,
  RunFailedEvent,
  RunCancelledEvent,
} from './events/runEvent.js';
export type { SubscriberErrorHandler } from './events/isolatedObservable.js';

// Hooks (docs/hooks.md)
export type {
  AgentHooks,
  HookToolCall,
  BeforeToolCallAnswer,
  AfterToolCallAnswer,
  BeforeProviderRequestAnswer,
  ProviderHookContext,
  HookName,
  HookDecision,
} from './hooks/hookTypes.js';

// Permission rules (pure: parsed once, evaluated per call)
export { parsePermissionRules, evaluatePermission } from './permissions/permissionPolicy.js';
export type { PermissionPolicy, PermissionPolicyOptions } from './permissions/permissionPolicy.js';
export type {
  PermissionRules,
  PermissionList,
  PermissionCall,
  PermissionVerdict,
  PermissionArgument,
  PermissionArgumentKind,
} from './permissions/permissionTypes.js';

// Telemetry (off unless a `telemetry` option is given)
export { toolCallTraceparent } from './telemetry/toolCallTraceparent.js';
export { traceIdOfRun } from './telemetry/traceIds.js';
export { traceRun } from './run/traceRun.js';
export type { TraceRunOptions } from './run/traceRun.js';
export type { TelemetryOptions, TelemetryTracer } from './telemetry/telemetryOptions.js';

// Inspection (off unless an `inspect` option is given)
export { createFileInspector } from './run/runInspector.js';
export type { FileInspector, FileInspectorOptions, InspectionEventType } from './inspection/fileInspector.js';
export type { InspectableLimits } from './inspection/inspectable.js';

// Providers over HTTP
export { createOpenAIProvider } from './providers/openai/openaiProvider.js';
export type { OpenAIProviderOptions } from './providers/openai/openaiProvider.js';
export { createAnthropicProvider } from './providers/anthropic/anthropicProvider.js';
export type { AnthropicProviderOptions } from './providers/anthropic/anthropicProvider.js';
export { providerFromEnv } from './providers/env.js';
export type { HttpProviderOptions } from './providers/options.js';
export type { ProviderRetryOptions } from './providers/http/retry.js';
