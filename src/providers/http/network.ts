// Recognising a dropped or refused connection, which is worth another attempt.

const NETWORK_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CLOSED',
]);

/** undici's messages for "the connection failed" (fetch) and "the body stream was cut" (read). */
const NETWORK_MESSAGES: ReadonlySet<string> = new Set(['fetch failed', 'terminated']);

/**
 * True for a failed connection or a connection reset while reading: a `TypeError` from fetch
 * ("fetch failed", "terminated"), or an error whose cause chain carries a socket error code.
 */
export function isNetworkError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (current instanceof TypeError && NETWORK_MESSAGES.has(current.message)) return true;
    current = current.cause;
  }
  return false;
}

/** A one-line description of a network error, e.g. `fetch failed (ECONNREFUSED)`. */
export function describeNetworkError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    parts.push(typeof code === 'string' ? `${current.message} [${code}]` : current.message);
    current = current.cause;
  }
  return parts.join(': ');
}
