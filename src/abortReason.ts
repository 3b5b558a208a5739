// What a cancelled operation rejects with: the caller's own `signal.reason`, never a wrapped
// error, so a Run can tell a cancel from a failure.

/**
 * The signal's reason, or an AbortError when it has none.
 * @example
 * const signal = AbortSignal.abort('user left');
 * if (signal.aborted) throw abortReason(signal); // throws 'user left'
 */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted', 'AbortError');
}
