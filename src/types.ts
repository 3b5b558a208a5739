// Public data shapes of the runtime: tools, messages, providers, limits, outputs.
// Events live in events.ts; errors in errors.ts.
import type { PermissionArgument } from './permissions/permissionTypes.js';

/** A JSON Schema whose top-level `type` is `"object"`. */
export interface JsonSchemaObject {
  type: 'object';
  properties?: Record<string, unknown>;
  required?: readonly string[];
  $schema?: string;
  [keyword: string]: unknown;
}

/** What a tool returns once the runtime has normalised it. */
export interface ToolResult {
  content: string;
  isError?: boolean;
  /** Stable, machine-readable; set when `isError`. */
  code?: string;
  /** Set by the runtime when `limits.maxOutputChars` cut the content. */
  truncated?: boolean;
  /**
   * Tokens and cost a tool spent on the Run's behalf (a sub-agent's Run): added to the Run's
   * usage and budgets, never written to the session.
   */
  spent?: ToolSpending;
}

/** What a tool reports it spent (`ToolResult.spent`). */
export interface ToolSpending {
  usage?: Usage;
  costUsd?: number;
  toolCalls?: number;
}

/** Handed to `Tool.execute` for one call. */
export interface ToolContext {
  runId: string;
  callId: string;
  toolName: string;
  /** 1-based number of the batch (iteration) this call runs in. */
  iteration: number;
  /** Aborted when the Run is cancelled. */
  signal: AbortSignal;
  /**
   * The same string on every attempt of this call, in any process (a resume runs an
   * `'idempotent'` call again with it): pass it to payment or mail APIs. Derived from the Run's
   * id, the iteration and the call's id (docs/design.md, "Durability").
   */
  readonly idempotencyKey: string;
}

/**
 * What running a tool does to the world, which decides what a resume does with a call that may
 * have started: `'none'` (reads only) and `'idempotent'` (running it twice with the same
 * `idempotencyKey` is running it once) run again; `'once'` gets an `interrupted` result instead.
 */
export type ToolEffects = 'none' | 'idempotent' | 'once';

/**
 * Decides per call whether a person must approve it. Declared through a method so that a
 * `Tool<{ path: string }>` stays assignable to `Tool` (method parameters are bivariant).
 */
export type NeedsApprovalFn<Args = Record<string, unknown>> = {
  decide(args: Args, ctx: ToolContext): boolean | Promise<boolean>;
}['decide'];

/** A capability the model may call, registered in a `ToolRegistry`. */
export interface Tool<Args = Record<string, unknown>> {
  /** Matches `^[a-zA-Z0-9_-]{1,64}$`. */
  name: string;
  description: string;
  parameters: JsonSchemaObject;
  /** Default false. */
  readOnly?: boolean;
  /** Default false. A batch runs concurrently only when every call is readOnly and concurrencySafe. */
  concurrencySafe?: boolean;
  /** Default `'none'` when `readOnly`, else `'once'` (docs/design.md, "Durability"). */
  effects?: ToolEffects;
  /**
   * Whether a call needs a person's yes before it runs (docs/design.md, "Approval"):
   * `true`, or a function of the validated arguments. Default false.
   */
  needsApproval?: boolean | NeedsApprovalFn<Args>;
  /**
   * The argument permission rules' specifiers match (docs/permissions.md): `shell(npm run *)`
   * matches a `command` argument, `read_file(.env)` a `path`. A name (matched as text) or
   * `{ name, kind }` with kind `path`, `command` or `text`. Without it only bare `ToolName` rules apply.
   */
  permissionArgument?: PermissionArgument;
  execute(args: Args, ctx: ToolContext): Promise<ToolResult | string>;
}

/** The part of a tool the model is shown. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: JsonSchemaObject;
}

// ---- Messages: the session and the audit trail ----

export interface SystemMessage {
  role: 'system';
  content: string;
}

export interface UserMessage {
  role: 'user';
  content: string;
}

/** One tool call as the model sent it. */
export interface ToolCallRequest {
  id: string;
  name: string;
  /** As sent by the provider: a JSON string or an already-parsed object. */
  arguments: string | Record<string, unknown>;
}

export interface AssistantMessage {
  role: 'assistant';
  content: string;
  toolCalls?: ToolCallRequest[];
}

export interface ToolMessage {
  role: 'tool';
  toolCallId: string;
  content: string;
  isError: boolean;
  code?: string;
  truncated?: boolean;
}

export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

// ---- Providers ----

export interface ProviderRequest {
  /** Session history followed by this Run's messages so far. */
  messages: readonly Message[];
  tools: readonly ToolSpec[];
  /**
   * Set for a Run whose `output` is in mode 'native': the answer must be JSON matching
   * `schema` (OpenAI `response_format` json_schema, Anthropic `output_format`).
   */
  responseFormat?: { name: string; schema: JsonSchemaObject };
}

export interface ProviderCallOptions {
  /** Aborted when the Run is cancelled; a provider must stop its request. */
  signal: AbortSignal;
  /** Streaming providers report text as it arrives; the Run emits `text.delta` for each. */
  onTextDelta?: (delta: string) => void;
}

export interface Usage {
  /** All input tokens, the cached ones included. */
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Input tokens served from the provider's prompt cache (counted in `inputTokens` too). */
  cacheReadTokens?: number;
  /** Input tokens written to the provider's prompt cache (counted in `inputTokens` too). */
  cacheWriteTokens?: number;
}

/**
 * Why the model stopped. `stop` and `tool_calls` are clean; tool calls of a response
 * with any other reason are never executed (code `incomplete_tool_call`).
 */
/** Why a response ended; `refusal` when the model declined, its refusal then being the response's text. */
export type FinishReason = 'stop' | 'tool_calls' | 'length' | 'content_filter' | 'refusal' | 'error' | 'other';

export interface ProviderResponse {
  text?: string;
  toolCalls?: ToolCallRequest[];
  usage?: Usage;
  finishReason?: FinishReason;
}

/** What a provider says about itself, for traces (`gen_ai.provider.name`, `gen_ai.request.*`). */
export interface ProviderInfo {
  /** The provider's name as the GenAI conventions spell it, e.g. `openai`, `anthropic`. */
  name: string;
  /** The model requested. */
  model?: string;
  temperature?: number;
  maxTokens?: number;
}

export interface Provider {
  complete(request: ProviderRequest, options: ProviderCallOptions): Promise<ProviderResponse>;
  /** Optional self-description; the HTTP providers set it. */
  readonly info?: ProviderInfo;
}

// ---- Limits and output ----

export interface RunLimits {
  /** Tool batches a Run may execute. */
  maxIterations: number;
  /** Characters (UTF-16 code units) of one result's content. */
  maxOutputChars: number;
  /** Calls of a concurrency-safe batch running at once. */
  maxConcurrency: number;
  /** How long a cancelled tool that ignores its signal is waited for. */
  cancelGraceMs: number;
  /** Tool calls of one response that may run; the calls beyond it get an error result. */
  maxCallsPerResponse: number;
  /** Characters of one call's arguments accepted for validation; longer ones get `invalid_arguments`. */
  maxArgumentsChars: number;
  /** Characters of the model's text in one response (streamed or not); more fails the Run. */
  maxTextChars: number;
  /** Budget (docs/budgets.md): input tokens of all responses, sub-agents' included. No budget by default. */
  maxInputTokens?: number;
  /** Budget: output tokens of all responses; before a request, the provider's `info.maxTokens` counts as spent. */
  maxOutputTokens?: number;
  /** Budget: total tokens of all responses; before a request, the provider's `info.maxTokens` counts as spent. */
  maxTotalTokens?: number;
  /** Budget: tool calls the Run runs (the calls of a response that would pass it run none). */
  maxToolCalls?: number;
  /** Budget: milliseconds from the Run's start, checked before each request and after each response. */
  maxDurationMs?: number;
  /** Budget: US dollars, as the agent's `pricing(usage)` prices each response. Needs `pricing`. */
  maxCostUsd?: number;
}

/** The budget limits of `RunLimits` (docs/budgets.md). */
export type BudgetLimit = 'maxInputTokens' | 'maxOutputTokens' | 'maxTotalTokens' | 'maxToolCalls' | 'maxDurationMs' | 'maxCostUsd';

/**
 * What a Run has spent, kept in its context (and so in its snapshot: a restored Run goes on
 * from these figures). Sub-agents' spending is included.
 */
export interface RunSpending {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  /** Tool calls that were run (or tried: a rejected call counts). */
  toolCalls: number;
  /** By the agent's `pricing`; 0 without one. */
  costUsd: number;
  /** Clock reading (epoch ms) when the Run started; `maxDurationMs` counts from it, a restored Run's too. */
  startedAt: number;
}

export type RunStatus = 'completed' | 'limit_reached' | 'cancelled' | 'failed';

export interface RunErrorInfo {
  code: string;
  message: string;
}

export interface RunOutput<Output = unknown> {
  /** The Run's id, as in its events. */
  runId: string;
  status: RunStatus;
  /** The model's answer; for a cancelled Run, the text streamed before the cancel, if any. */
  text?: string;
  error?: RunErrorInfo;
  /** Tool batches executed. */
  iterations: number;
  /** This Run's messages, starting with the user input. */
  messages: Message[];
  /** Summed over all provider responses that reported usage, sub-agents' included. */
  usage?: Usage;
  /** What the Run spent against its budgets (docs/budgets.md). */
  spent?: RunSpending;
  /** The validated final answer of a Run given `output` (docs/output.md); set when it completed. */
  output?: Output;
}
