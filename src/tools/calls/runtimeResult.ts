// Results the runtime itself made for a call, handed back through a tool's `execute` by a
// wrapper that runs the tool somewhere else (a durable step that may answer `interrupted`
// instead of running it again). runTool keeps them as they are, reserved code included.
import type { ToolResult } from '../../types.js';

const runtimeResults = new WeakSet<ToolResult>();

/**
 * Marks `result` as the runtime's own, so runTool passes it through unchanged.
 * @example
 * import { ToolErrorCode } from '../../codes.js';
 * import { errorResult } from './errorResult.js';
 * const interrupted = asRuntimeResult(errorResult(ToolErrorCode.interrupted, 'The Run stopped before the call finished'));
 */
export function asRuntimeResult(result: ToolResult): ToolResult {
  runtimeResults.add(result);
  return result;
}

/**
 * Whether `value` was marked by `asRuntimeResult`.
 * @example
 * import { errorResult } from './errorResult.js';
 * isRuntimeResult(asRuntimeResult(errorResult('interrupted', 'stopped'))); // true
 * isRuntimeResult({ content: 'a tool returned this' }); // false
 */
export function isRuntimeResult(value: unknown): value is ToolResult {
  return typeof value === 'object' && value !== null && runtimeResults.has(value as ToolResult);
}
