// The Anthropic Messages wire format, as far as the adapter uses it. Internal: nothing here is
// exported from the package.

export type AnthropicRequestBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: true };

export interface AnthropicMessageParam {
  role: 'user' | 'assistant';
  content: string | AnthropicRequestBlock[];
}

export interface AnthropicTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

export interface AnthropicRequestBody {
  model: string;
  max_tokens: number;
  messages: AnthropicMessageParam[];
  system?: string;
  tools?: AnthropicTool[];
  stream: boolean;
  temperature?: number;
  [field: string]: unknown;
}

export interface AnthropicUsage {
  input_tokens?: number | null;
  output_tokens?: number | null;
  cache_creation_input_tokens?: number | null;
  cache_read_input_tokens?: number | null;
}

/**
 * A content block of a response. `text` and `tool_use` are mapped; others (thinking, server
 * tools) are ignored. A streamed `tool_use` whose JSON did not parse keeps it as a string.
 */
export interface AnthropicResponseBlock {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  input?: unknown;
}

/** A non-streamed response (`type: "message"`), and what a stream is assembled into. */
export interface AnthropicMessage {
  content: AnthropicResponseBlock[];
  stop_reason?: string | null;
  /** With `stop_reason: "refusal"`: why (`explanation`), e.g. the policy that blocked the request. */
  stop_details?: AnthropicStopDetails | null;
  usage?: AnthropicUsage | null;
}

export interface AnthropicStopDetails {
  type?: string;
  category?: string;
  explanation?: string;
}

/** One streamed event's data; `type` names the event. */
export interface AnthropicStreamEvent {
  type?: string;
  index?: number;
  message?: { usage?: AnthropicUsage | null };
  content_block?: AnthropicResponseBlock;
  delta?: { type?: string; text?: string; partial_json?: string; stop_reason?: string | null; stop_details?: AnthropicStopDetails | null };
  usage?: AnthropicUsage | null;
  error?: { type?: string; message?: string };
}
