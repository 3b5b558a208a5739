// Codes only the runtime may put on a result: each reports something the runtime did or
// saw (a call it refused, a cancel, a crash repair). A tool returning one would make
// `tool.failed` report an event that never happened, so runTool turns it into tool_error.
import { RunErrorCode, ToolErrorCode } from '../../codes.js';

/** Tool-result codes a tool's own result may not carry (docs/design.md, "Tools"). */
export const RESERVED_TOOL_CODES: ReadonlySet<string> = new Set<string>([
  ToolErrorCode.unknownTool,
  ToolErrorCode.invalidJson,
  ToolErrorCode.invalidArguments,
  ToolErrorCode.cancelled,
  ToolErrorCode.iterationLimit,
  ToolErrorCode.callLimit,
  ToolErrorCode.interrupted,
  ToolErrorCode.incompleteToolCall,
  RunErrorCode.sessionError,
  ToolErrorCode.denied,
  ToolErrorCode.hookFailed,
  ToolErrorCode.budgetExceeded,
]);
