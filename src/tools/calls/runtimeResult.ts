// Results the runtime itself made for a call, handed back through a tool's `execute` by a
// wrapper that runs the tool somewhere else (a durable step that may answer `interrupted`
// instead of running it again). runTool keeps them as they are, reserved code included.
import type { ToolResult } from '../../types.js';

const runtimeResults = new WeakSet<ToolResult>();

/**
 * Marks `result` as the runtime's own, so runTool passes it through unchanged.
 * @example return asRuntimeResult(errorResult(ToolErrorCode.interrupted, '…'))
 */
export function asRuntimeResult(result: ToolResult): ToolResult {
  runtimeResults.add(result);
  return result;
}

/**
 * Whether `value` was marked by `asRuntimeResult`.
 * @example isRuntimeResult(returned)
 */
export function isRuntimeResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && runtimeResults.has(value as ToolResult);
}
