// The result of a call that may have run and must run at most once (its tool's `effects` is
// 'once'), when its Run is resumed or restored (docs/design.md, "Durability"): it is never run
// again, and the model is told that it may have taken effect.
import { ToolErrorCode } from '../../src/codes.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import type { ToolResult } from '../../src/types.js';

/**
 * The `interrupted` result of a call that may have taken effect.
 * @example interruptedRunResult().code // 'interrupted'
 */
export function interruptedRunResult(): ToolResult {
  return errorResult(
    ToolErrorCode.interrupted,
    'Interrupted: this call had started when the run stopped, and the run was resumed. It was not run again, because the tool runs at most once; ' +
      'it may or may not have taken effect, so check before asking for it again.',
  );
}
