// docs/design.md, "One call", steps 6–7: call `execute` and turn whatever happens into a ToolResult.
// Tool failures are data: this function never rejects, whatever the tool throws or returns.
import { ToolErrorCode } from '../../codes.js';
import { describeValue } from '../../describeValue.js';
import type { Tool, ToolContext, ToolResult, ToolSpending } from '../../types.js';
import { errorResult } from './errorResult.js';
import { RESERVED_TOOL_CODES } from './reservedCodes.js';
import { isRuntimeResult } from './runtimeResult.js';

/**
 * Runs a tool and normalises its outcome: a string or a ToolResult is kept, anything else (or a throw) is `tool_error`.
 * @example
 * import type { Tool, ToolContext } from '../../types.js';
 * declare const tool: Tool;
 * declare const ctx: ToolContext;
 * await runTool(tool, { q: 'x' }, ctx) // { content: '…' }
 */
export async function runTool(tool: Tool, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
  const name = toolName(tool);
  try {
    // Inside the try: a synchronous throw and a non-promise return are handled like async ones.
    const returned: unknown = await tool.execute(args, ctx);
    return isRuntimeResult(returned) ? returned : normalizeToolReturn(name, returned);
  } catch (thrown) {
    return errorResult(ToolErrorCode.toolError, `Tool "${name}" failed: ${describeThrown(thrown)}`);
  }
}

/**
 * A copy with only the known fields, each read once: a success is `{ content }`, an error always
 * has a code, never a reserved one; anything else is `tool_error`. `truncated` is the runtime's
 * to set (limitOutput). Also used for a result an `afterToolCall` hook puts in the tool's place.
 * @example normalizeToolReturn('echo', 'hi') // { content: 'hi' }
 */
export function normalizeToolReturn(name: string, returned: unknown): ToolResult {
  if (typeof returned === 'string') return { content: returned };
  if (typeof returned !== 'object' || returned === null || Array.isArray(returned)) {
    return notAResult(name, describeValue(returned));
  }
  const { content, isError, code, spent } = returned as Record<string, unknown>;
  if (typeof content !== 'string') return notAResult(name, `an object whose content is ${describeValue(content)}`);
  if (isError !== undefined && typeof isError !== 'boolean') {
    return notAResult(name, `an object whose isError is ${describeValue(isError)}`);
  }
  if (code !== undefined && typeof code !== 'string') return notAResult(name, `an object whose code is ${describeValue(code)}`);
  const spending = toolSpending(spent);
  if (isError !== true) return spending ? { content, spent: spending } : { content };
  // A reserved code would report something the runtime did not do; the content is the tool's, kept.
  const own = typeof code === 'string' && code !== '' && !RESERVED_TOOL_CODES.has(code);
  const result = errorResult(own ? code : ToolErrorCode.toolError, content);
  if (spending) result.spent = spending;
  return result;
}

const count = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

// What a tool spent on the Run's behalf (a sub-agent's tokens and cost), copied as plain
// numbers; anything else there is ignored: a budget must not be fed by a malformed figure.
function toolSpending(spent: unknown): ToolSpending | undefined {
  if (typeof spent !== 'object' || spent === null) return undefined;
  const { usage, costUsd, toolCalls } = spent as Record<string, unknown>;
  const copy: ToolSpending = {};
  if (typeof usage === 'object' && usage !== null) {
    const { inputTokens, outputTokens, totalTokens } = usage as Record<string, unknown>;
    if (count(inputTokens) && count(outputTokens) && count(totalTokens)) copy.usage = { inputTokens, outputTokens, totalTokens };
  }
  if (count(costUsd)) copy.costUsd = costUsd;
  if (count(toolCalls)) copy.toolCalls = toolCalls;
  return Object.keys(copy).length > 0 ? copy : undefined;
}

function notAResult(name: string, what: string): ToolResult {
  return errorResult(ToolErrorCode.toolError, `Tool "${name}" returned ${what}; expected a string or { content: string }.`);
}

// The registry checked the name, but the tool object is the application's: read it once, safely.
function toolName(tool: Tool): string {
  try {
    return typeof tool.name === 'string' ? tool.name : 'unknown';
  } catch {
    return 'unknown';
  }
}

// Never throws: a thrown value may be anything (a Symbol message, a throwing getter, a
// revoked proxy), and describing it must still yield the tool_error result.
function describeThrown(thrown: unknown): string {
  try {
    if (typeof thrown === 'string' && thrown !== '') return thrown;
    if (typeof thrown === 'object' && thrown !== null) {
      // Errors and error-like objects (`throw { message: 'x' }`) alike.
      const { message } = thrown as { message?: unknown };
      if (typeof message === 'string' && message !== '') return message;
      if (thrown instanceof Error && typeof thrown.name === 'string' && thrown.name !== '') return thrown.name;
    }
  } catch {
    // Fall through to the kind of value, which describeValue names without reading it.
  }
  return `it threw ${describeValue(thrown)}`;
}
