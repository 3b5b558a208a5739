// CONTRACT §3 steps 4–5: call `execute` and turn whatever happens into a ToolResult.
// Tool failures are data: this function never rejects.
import { ToolErrorCode } from '../../codes.js';
import { describeValue } from '../../describeValue.js';
import type { Tool, ToolContext, ToolResult } from '../../types.js';
import { errorResult } from './errorResult.js';

/**
 * Runs a tool and normalises its outcome: a string or a ToolResult is kept, anything else (or a throw) is `tool_error`.
 * @example await runTool(tool, { q: 'x' }, ctx) // { content: '…' }
 */
export async function runTool(tool: Tool, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
  try {
    // Inside the try: a synchronous throw and a non-promise return are handled like async ones.
    const returned: unknown = await tool.execute(args, ctx);
    return normalise(tool.name, returned);
  } catch (thrown) {
    return errorResult(ToolErrorCode.toolError, `Tool "${tool.name}" failed: ${describeThrown(thrown)}`);
  }
}

// A copy with only the known fields, each read once: a success is `{ content }`, an error
// always has a code. `truncated` is the runtime's to set (limitOutput), never the tool's.
function normalise(name: string, returned: unknown): ToolResult {
  if (typeof returned === 'string') return { content: returned };
  if (typeof returned !== 'object' || returned === null || Array.isArray(returned)) {
    return notAResult(name, describeValue(returned));
  }
  const { content, isError, code } = returned as Record<string, unknown>;
  if (typeof content !== 'string') return notAResult(name, `an object whose content is ${describeValue(content)}`);
  if (isError !== undefined && typeof isError !== 'boolean') {
    return notAResult(name, `an object whose isError is ${describeValue(isError)}`);
  }
  if (code !== undefined && typeof code !== 'string') return notAResult(name, `an object whose code is ${describeValue(code)}`);
  if (isError !== true) return { content };
  return errorResult(typeof code === 'string' && code !== '' ? code : ToolErrorCode.toolError, content);
}

function notAResult(name: string, what: string): ToolResult {
  return errorResult(ToolErrorCode.toolError, `Tool "${name}" returned ${what}; expected a string or { content: string }.`);
}

function describeThrown(thrown: unknown): string {
  try {
    if (thrown instanceof Error) return thrown.message || thrown.name;
    if (typeof thrown === 'string') return thrown;
  } catch {
    // A hostile error object (throwing getter, revoked proxy) still becomes a result.
  }
  return `it threw ${describeValue(thrown)}`;
}
