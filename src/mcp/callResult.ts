// An MCP `tools/call` result as a ToolResult: text the model can read, placeholders for
// what it cannot (images, audio, resources), the server's isError kept as an error result.
import { ToolErrorCode, type ToolResult } from '../core.js';
import { isRecord } from '../capabilities/shared/coreHelpers.js';

/**
 * Maps a `tools/call` result: text blocks joined, other blocks as placeholders, `structuredContent` when there is no text.
 * @example toToolResult({ content: [{ type: 'text', text: 'hi' }] }) // { content: 'hi' }
 */
export function toToolResult(result: unknown): ToolResult {
  if (typeof result !== 'object' || result === null) return malformed('it is not an object');
  const { content = [], structuredContent, isError } = result as Record<string, unknown>;
  if (!Array.isArray(content)) return malformed('its content is not an array');
  const parts = content.map(describeBlock);
  const hasText = content.some((block) => isRecord(block) && block.type === 'text');
  if (!hasText && structuredContent !== undefined) parts.unshift(JSON.stringify(structuredContent));
  const text = parts.join('\n');
  if (isError === true) {
    return { content: text === '' ? 'The MCP tool reported an error without a message.' : text, isError: true, code: ToolErrorCode.toolError };
  }
  return { content: text };
}

function describeBlock(block: unknown): string {
  if (!isRecord(block)) return '[content block omitted: not an object]';
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'image':
    case 'audio':
      return `[${block.type} omitted: ${mime(block.mimeType)}, ${size(base64Bytes(block.data))}]`;
    case 'resource': {
      const resource = isRecord(block.resource) ? block.resource : {};
      const bytes = typeof resource.text === 'string' ? Buffer.byteLength(resource.text) : base64Bytes(resource.blob);
      return `[resource omitted: ${String(resource.uri ?? 'no uri')}, ${mime(resource.mimeType)}, ${size(bytes)}]`;
    }
    case 'resource_link':
      return `[resource link omitted: ${String(block.uri ?? 'no uri')}, ${mime(block.mimeType)}${typeof block.size === 'number' ? `, ${size(block.size)}` : ''}]`;
    default:
      return `[${typeof block.type === 'string' ? block.type : 'unknown'} content omitted]`;
  }
}

function mime(value: unknown): string {
  return typeof value === 'string' && value !== '' ? value : 'unknown type';
}

function base64Bytes(data: unknown): number | undefined {
  if (typeof data !== 'string') return undefined;
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((data.length * 3) / 4) - padding);
}

function size(bytes: number | undefined): string {
  if (bytes === undefined) return 'unknown size';
  if (bytes < 1024) return `${bytes} bytes`;
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

function malformed(why: string): ToolResult {
  return { content: `The MCP server returned a malformed tool result: ${why}.`, isError: true, code: ToolErrorCode.toolError };
}
