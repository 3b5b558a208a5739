// The names tinyagent's spans use: the OpenTelemetry semantic conventions for generative AI
// (status "Development") as published in semantic conventions v1.40.0, and tinyagent's own
// `tinyagent.*` names for what those conventions do not cover (docs/tracing.md).

/** The semantic conventions version the span names and attributes follow. */
export const GEN_AI_CONVENTIONS_VERSION = '1.40.0';

export const Attr = {
  operationName: 'gen_ai.operation.name',
  providerName: 'gen_ai.provider.name',
  agentName: 'gen_ai.agent.name',
  conversationId: 'gen_ai.conversation.id',
  requestModel: 'gen_ai.request.model',
  requestTemperature: 'gen_ai.request.temperature',
  requestMaxTokens: 'gen_ai.request.max_tokens',
  finishReasons: 'gen_ai.response.finish_reasons',
  inputTokens: 'gen_ai.usage.input_tokens',
  outputTokens: 'gen_ai.usage.output_tokens',
  cacheReadTokens: 'gen_ai.usage.cache_read.input_tokens',
  cacheWriteTokens: 'gen_ai.usage.cache_creation.input_tokens',
  inputMessages: 'gen_ai.input.messages',
  outputMessages: 'gen_ai.output.messages',
  toolName: 'gen_ai.tool.name',
  toolCallId: 'gen_ai.tool.call.id',
  toolType: 'gen_ai.tool.type',
  toolDescription: 'gen_ai.tool.description',
  toolArguments: 'gen_ai.tool.call.arguments',
  toolResult: 'gen_ai.tool.call.result',
  errorType: 'error.type',
  runId: 'tinyagent.run.id',
  runStatus: 'tinyagent.run.status',
  iterations: 'tinyagent.run.iterations',
  iteration: 'tinyagent.iteration',
  approved: 'tinyagent.approval.approved',
  approvalReason: 'tinyagent.approval.reason',
  hookName: 'tinyagent.hook.name',
  hookDecision: 'tinyagent.hook.decision',
  hookReason: 'tinyagent.hook.reason',
  outputChars: 'tinyagent.output.chars',
} as const;

export const Operation = { invokeAgent: 'invoke_agent', chat: 'chat', executeTool: 'execute_tool' } as const;

/** Span events of tinyagent's own. */
export const SpanEventName = {
  approvalRequested: 'tinyagent.approval.requested',
  approvalResolved: 'tinyagent.approval.resolved',
  outputTruncated: 'tinyagent.output.truncated',
  hookDecided: 'tinyagent.hook.decided',
} as const;
