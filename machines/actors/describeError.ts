// How the Run writes down what was thrown or passed as a reason: as data. A snapshot must
// survive JSON (docs/design.md, "Snapshots"), so a provider's TypeError, an AbortSignal's
// DOMException or a reason holding a bigint is kept in context as its description; the live
// value travels beside the actor, never in it.

/** What the context keeps of a thrown value or a cancel reason. */
export interface DescribedError {
  /** The error's class name (`TypeError`, `AbortError`), or the value's type (`string`, `object`). */
  name: string;
  message: string;
  /** The value's own `code`, when it has a string one. */
  code?: string;
}

/**
 * A short, safe description of an unknown thrown value; never throws.
 * @example describeError(new Error('boom')) // 'boom'
 */
export function describeError(error: unknown): string {
  try {
    if (error instanceof Error) return String(error.message);
    if (typeof error === 'string') return error;
    return JSON.stringify(error) ?? String(error);
  } catch {
    try {
      return String(error);
    } catch {
      return 'an unreadable value';
    }
  }
}

function nameOf(value: unknown): string {
  try {
    const name = typeof value === 'object' && value !== null ? (value as { name?: unknown }).name : undefined;
    if (typeof name === 'string' && (value instanceof Error || 'message' in (value as object))) return name;
  } catch {
    // A hostile getter: fall back to the type.
  }
  return value === null ? 'null' : typeof value;
}

function codeOf(value: unknown): string | undefined {
  try {
    const code = typeof value === 'object' && value !== null ? (value as { code?: unknown }).code : undefined;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A thrown value or reason as JSON data: name, message and code.
 * @example describeCause(new TypeError('x is undefined')) // { name: 'TypeError', message: 'x is undefined' }
 */
export function describeCause(value: unknown): DescribedError {
  const described: DescribedError = { name: nameOf(value), message: describeError(value) };
  const code = codeOf(value);
  if (code !== undefined) described.code = code;
  return described;
}
