// The one way a caught value becomes a sentence: an Error's message (with its cause's, when
// the message does not already say it), anything else as a string. Never throws.
import { describeValue } from './describeValue.js';

/**
 * A one-line description of a caught value for a message, a reason or a tool result.
 * @example describeError(new Error('boom', { cause: new Error('disk full') })) // 'boom (disk full)'
 */
export function describeError(error: unknown): string {
  try {
    if (!(error instanceof Error)) return String(error);
    const cause = error.cause instanceof Error ? error.cause.message : undefined;
    return cause === undefined || cause === '' || error.message.includes(cause) ? error.message : `${error.message} (${cause})`;
  } catch {
    return describeValue(error); // a revoked proxy, a throwing getter
  }
}
