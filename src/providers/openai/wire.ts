// The OpenAI Chat Completions wire format, as far as the adapter uses it. Internal: nothing
// here is exported from the package.

export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type OpenAIMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: OpenAIToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

export interface OpenAITool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

export interface OpenAIRequestBody {
  model: string;
  messages: OpenAIMessage[];
  tools?: OpenAITool[];
  stream: boolean;
  stream_options?: { include_usage: boolean };
  max_tokens?: number;
  temperature?: number;
  [field: string]: unknown;
}

export interface OpenAIUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens?: number | null } | null;
}

/** A tool call in a response; `arguments` is a JSON string (some compatible servers send an object). */
export interface OpenAIResponseToolCall {
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string | Record<string, unknown> };
}

/** A non-streamed response (`chat.completion`), and what a stream is assembled into. */
export interface OpenAICompletion {
  choices: {
    /** `refusal`: the model declined; its explanation comes here instead of in `content`. */
    message: { content?: string | null; refusal?: string | null; tool_calls?: OpenAIResponseToolCall[] | null };
    finish_reason?: string | null;
  }[];
  usage?: OpenAIUsage | null;
}

export interface OpenAIToolCallDelta {
  index?: number;
  id?: string;
  type?: string;
  function?: { name?: string; arguments?: string };
}

/** One streamed chunk (`chat.completion.chunk`). */
export interface OpenAIChunk {
  choices?: {
    index?: number;
    delta?: { content?: string | null; refusal?: string | null; tool_calls?: OpenAIToolCallDelta[] | null };
    finish_reason?: string | null;
  }[] | null;
  usage?: OpenAIUsage | null;
  error?: { message?: string; type?: string; code?: string | number | null };
}
