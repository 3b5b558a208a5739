// The one shape of an error-marked ToolResult, shared by every part of the runtime.
import type { ToolResult } from '../../types.js';

/**
 * Builds an error result with a stable code; the content is what the model reads.
 * @example errorResult('unknown_tool', 'Unknown tool "x". No tools are available.')
 */
export function errorResult(code: string, content: string): ToolResult {
  return { content, isError: true, code };
}
