// A session's messages as text a person reads: each message with its role, tool calls with
// their arguments, and each result with its error code; stored text shows its control characters.
import type { Message, ToolCallRequest } from '../../index.js';
import type { Colors } from './colors.js';
import { previewArguments } from './shorten.js';
import { visibleControls as v } from './visibleControls.js';

const RESULT_LINES = 20;

function indent(text: string, prefix: string): string {
  return text
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
}

function clip(text: string): string {
  const lines = text.split('\n');
  if (lines.length <= RESULT_LINES) return text;
  return `${lines.slice(0, RESULT_LINES).join('\n')}\n… ${lines.length - RESULT_LINES} more lines`;
}

/**
 * Formats a session's messages for `tinyagent sessions show`.
 * @example
 * import { colorsFor } from './colors.js';
 * formatTranscript([{ role: 'user', content: 'hi' }], colorsFor(process.stdout, {}))
 */
export function formatTranscript(messages: readonly Message[], c: Colors): string {
  const calls = new Map<string, ToolCallRequest>();
  const out: string[] = [];
  for (const message of messages) {
    switch (message.role) {
      case 'system':
      case 'user':
        out.push(`${c.bold(c.blue(message.role))}\n${indent(v(message.content), '  ')}`);
        break;
      case 'assistant': {
        const lines = [c.bold(c.magenta('assistant'))];
        if (message.content !== '') lines.push(indent(v(message.content), '  '));
        for (const call of message.toolCalls ?? []) {
          calls.set(call.id, call);
          lines.push(`  ${c.cyan('→')} ${c.bold(v(call.name))} ${previewArguments(call.arguments, 500)} ${c.dim(`(${v(call.id)})`)}`);
        }
        out.push(lines.join('\n'));
        break;
      }
      case 'tool': {
        const name = v(calls.get(message.toolCallId)?.name ?? 'unknown tool');
        const status = message.isError ? c.red(`error [${v(message.code ?? 'tool_error')}]`) : c.green('ok');
        const truncated = message.truncated ? c.dim(' (truncated)') : '';
        out.push(`${c.bold('tool')} ${name} ${c.dim(`(${v(message.toolCallId)})`)} ${status}${truncated}\n${indent(clip(v(message.content)), '  ')}`);
        break;
      }
    }
  }
  return out.length === 0 ? '' : `${out.join('\n\n')}\n`;
}
