// Messages in the JSON shape of `gen_ai.input.messages` / `gen_ai.output.messages` (role and
// parts), recorded only with `captureContent: true`.
import type { Message, ToolCallRequest } from '../types.js';

type Part =
  | { type: 'text'; content: string }
  | { type: 'tool_call'; id: string; name: string; arguments: unknown }
  | { type: 'tool_call_response'; id: string; response: string };

interface GenAiMessage {
  role: Message['role'];
  parts: Part[];
}

function callArguments(args: ToolCallRequest['arguments']): unknown {
  if (typeof args !== 'string') return args;
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args;
  }
}

function toGenAi(message: Message): GenAiMessage {
  switch (message.role) {
    case 'tool':
      return { role: 'tool', parts: [{ type: 'tool_call_response', id: message.toolCallId, response: message.content }] };
    case 'assistant': {
      const parts: Part[] = message.content === '' ? [] : [{ type: 'text', content: message.content }];
      for (const call of message.toolCalls ?? []) parts.push({ type: 'tool_call', id: call.id, name: call.name, arguments: callArguments(call.arguments) });
      return { role: 'assistant', parts };
    }
    default:
      return { role: message.role, parts: [{ type: 'text', content: message.content }] };
  }
}

/**
 * The messages as the JSON string the GenAI conventions' message attributes hold.
 * @example genAiMessagesJson([{ role: 'user', content: 'Hi' }]) // '[{"role":"user","parts":[{"type":"text","content":"Hi"}]}]'
 */
export function genAiMessagesJson(messages: readonly Message[]): string {
  return JSON.stringify(messages.map(toGenAi));
}
