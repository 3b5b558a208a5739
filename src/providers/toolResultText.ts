// How a tool message reads to the model, for every provider.
import type { ToolMessage } from '../types.js';

/**
 * The content of a tool result as sent to the model. An error result is prefixed
 * `Error [code]: ` so the model recognises it even where the wire format has no error flag.
 */
export function toolResultText(message: ToolMessage): string {
  if (!message.isError) return message.content;
  return message.code ? `Error [${message.code}]: ${message.content}` : `Error: ${message.content}`;
}
