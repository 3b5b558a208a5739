// Our request → an OpenAI Chat Completions request body.
import type { Message, ProviderRequest, ToolCallRequest, ToolSpec } from '../../types.js';
import { toolResultText } from '../toolResultText.js';
import type { OpenAIMessage, OpenAIRequestBody, OpenAITool, OpenAIToolCall } from './wire.js';

export interface OpenAIRequestSettings {
  model: string;
  stream: boolean;
  maxTokens: number | undefined;
  temperature: number | undefined;
  extraBody: Record<string, unknown>;
}

/** OpenAI wants arguments as a JSON string: objects are serialised, strings sent as they are. */
function argumentsText(args: ToolCallRequest['arguments']): string {
  if (typeof args !== 'string') return JSON.stringify(args);
  return args.trim() === '' ? '{}' : args;
}

function toolCall(call: ToolCallRequest): OpenAIToolCall {
  return { id: call.id, type: 'function', function: { name: call.name, arguments: argumentsText(call.arguments) } };
}

function message(source: Message): OpenAIMessage {
  switch (source.role) {
    case 'system':
    case 'user':
      return { role: source.role, content: source.content };
    case 'assistant': {
      const calls = source.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: source.content };
      return { role: 'assistant', content: source.content === '' ? null : source.content, tool_calls: calls.map(toolCall) };
    }
    case 'tool':
      return { role: 'tool', tool_call_id: source.toolCallId, content: toolResultText(source) };
  }
}

function tool(spec: ToolSpec): OpenAITool {
  return { type: 'function', function: { name: spec.name, description: spec.description, parameters: spec.parameters } };
}

/** Builds the body; `tools` is left out when none are offered (OpenAI refuses an empty list). */
export function mapOpenAIRequest(request: ProviderRequest, settings: OpenAIRequestSettings): OpenAIRequestBody {
  const body: OpenAIRequestBody = {
    ...settings.extraBody,
    model: settings.model,
    messages: request.messages.map(message),
    stream: settings.stream,
  };
  if (request.tools.length > 0) body.tools = request.tools.map(tool);
  // Structured output (docs/output.md, mode 'native'); not strict: the Run validates the answer itself.
  if (request.responseFormat) {
    const { name, schema } = request.responseFormat;
    body.response_format = { type: 'json_schema', json_schema: { name, schema, strict: false } };
  }
  if (settings.stream) body.stream_options = { include_usage: true };
  if (settings.maxTokens !== undefined) body.max_tokens = settings.maxTokens;
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  return body;
}
