// Our request → an Anthropic Messages request body.
import type { Message, ProviderRequest, ToolCallRequest, ToolSpec } from '../../types.js';
import { toolResultText } from '../toolResultText.js';
import type { AnthropicMessageParam, AnthropicRequestBlock, AnthropicRequestBody, AnthropicTool } from './wire.js';
import { isRecord } from '../../isRecord.js';

export interface AnthropicRequestSettings {
  model: string;
  stream: boolean;
  maxTokens: number;
  temperature: number | undefined;
  extraBody: Record<string, unknown>;
}


/**
 * Anthropic wants `input` as an object. A JSON string is parsed; arguments that are not a JSON
 * object (invalid JSON, an array, a number) are sent as `{}`: the call's tool result, an
 * `invalid_json` error, is what tells the model what went wrong.
 */
export function inputObject(args: ToolCallRequest['arguments']): Record<string, unknown> {
  if (typeof args !== 'string') return isRecord(args) ? args : {};
  try {
    const parsed: unknown = JSON.parse(args);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function blocks(source: Exclude<Message, { role: 'system' }>): AnthropicRequestBlock[] {
  switch (source.role) {
    case 'user':
      return [{ type: 'text', text: source.content }];
    case 'assistant': {
      // Anthropic refuses empty text blocks.
      const text: AnthropicRequestBlock[] = source.content === '' ? [] : [{ type: 'text', text: source.content }];
      const calls = (source.toolCalls ?? []).map(
        (call): AnthropicRequestBlock => ({ type: 'tool_use', id: call.id, name: call.name, input: inputObject(call.arguments) }),
      );
      return [...text, ...calls];
    }
    case 'tool': {
      const result: AnthropicRequestBlock = { type: 'tool_result', tool_use_id: source.toolCallId, content: toolResultText(source) };
      if (source.isError) result.is_error = true;
      return [result];
    }
  }
}

/**
 * Maps the conversation. Tool results travel in user messages, and consecutive messages of one
 * role are merged into one, so the results of a batch form one user message (followed by any
 * user text). A message that is one text block is sent as a plain string.
 */
function messages(source: readonly Message[]): AnthropicMessageParam[] {
  const merged: { role: 'user' | 'assistant'; content: AnthropicRequestBlock[] }[] = [];
  for (const message of source) {
    if (message.role === 'system') continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const content = blocks(message);
    if (content.length === 0) continue;
    const last = merged.at(-1);
    if (last?.role === role) last.content.push(...content);
    else merged.push({ role, content });
  }
  return merged.map(({ role, content }) => {
    const [only] = content;
    return content.length === 1 && only?.type === 'text' ? { role, content: only.text } : { role, content };
  });
}

function tool(spec: ToolSpec): AnthropicTool {
  return { name: spec.name, description: spec.description, input_schema: spec.parameters };
}

/** Builds the body; system messages become the top-level `system` (joined by blank lines). */
export function mapAnthropicRequest(request: ProviderRequest, settings: AnthropicRequestSettings): AnthropicRequestBody {
  const body: AnthropicRequestBody = {
    ...settings.extraBody,
    model: settings.model,
    max_tokens: settings.maxTokens,
    messages: messages(request.messages),
    stream: settings.stream,
  };
  const system = request.messages.filter((message) => message.role === 'system').map((message) => message.content);
  if (system.length > 0) body.system = system.join('\n\n');
  if (request.tools.length > 0) body.tools = request.tools.map(tool);
  // Structured output (docs/output.md, mode 'native'), the generally available `output_config.format`.
  if (request.responseFormat) body.output_config = { format: { type: 'json_schema', schema: request.responseFormat.schema } };
  if (settings.temperature !== undefined) body.temperature = settings.temperature;
  return body;
}
