// Turns anything an inspection event carries into bounded, JSON-safe data: no functions, actor
// references as ids, errors as name and message, cycles cut, long strings and lists shortened.

export interface InspectableLimits {
  /** Nesting below this depth is replaced by "[…]". */
  maxDepth: number;
  /** Longer strings keep this many characters and say how many were cut. */
  maxString: number;
  /** Longer arrays (and maps, sets) keep this many items and say how many were cut. */
  maxItems: number;
}

export const DEFAULT_INSPECTABLE_LIMITS: Readonly<InspectableLimits> = Object.freeze({ maxDepth: 8, maxString: 2_000, maxItems: 100 });

function isActorRef(value: object): value is { id: string; sessionId: string } {
  const candidate = value as { sessionId?: unknown; send?: unknown; getSnapshot?: unknown };
  return typeof candidate.sessionId === 'string' && typeof candidate.send === 'function' && typeof candidate.getSnapshot === 'function';
}

function cutString(text: string, limits: InspectableLimits): string {
  return text.length <= limits.maxString ? text : `${text.slice(0, limits.maxString)}… (${text.length - limits.maxString} more characters)`;
}

function cutList(items: unknown[], limits: InspectableLimits, convert: (item: unknown) => unknown): unknown[] {
  const kept = items.slice(0, limits.maxItems).map(convert);
  if (items.length > limits.maxItems) kept.push(`… ${items.length - limits.maxItems} more`);
  return kept;
}

/**
 * A JSON-safe, size-bounded copy of `value` for inspection records.
 * @example toInspectable({ run: () => {}, text: 'x'.repeat(5000) }) // { text: 'xx…x… (3000 more characters)' }
 */
export function toInspectable(value: unknown, limits: InspectableLimits = DEFAULT_INSPECTABLE_LIMITS): unknown {
  const seen = new WeakSet<object>();
  const convert = (item: unknown, depth: number): unknown => {
    if (item === null || typeof item === 'boolean') return item;
    if (typeof item === 'number') return Number.isFinite(item) ? item : String(item);
    if (typeof item === 'string') return cutString(item, limits);
    if (typeof item === 'bigint') return `${item}n`;
    if (typeof item === 'symbol') return item.toString();
    if (typeof item !== 'object') return undefined; // functions and undefined are left out
    if (isActorRef(item)) return { actorId: item.id, sessionId: item.sessionId };
    if (seen.has(item)) return '[Circular]';
    if (depth >= limits.maxDepth) return '[…]';
    seen.add(item);
    try {
      const next = (child: unknown) => convert(child, depth + 1);
      if (item instanceof Error) {
        const code = (item as { code?: unknown }).code;
        return { name: item.name, message: cutString(item.message, limits), ...(code === undefined ? {} : { code: next(code) }) };
      }
      if (item instanceof Date) return Number.isNaN(item.getTime()) ? 'Invalid Date' : item.toISOString();
      if (Array.isArray(item)) return cutList(item, limits, next);
      if (item instanceof Map) return cutList([...item.entries()], limits, next);
      if (item instanceof Set) return cutList([...item.values()], limits, next);
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(item)) {
        const converted = next(child);
        if (converted !== undefined) out[key] = converted;
      }
      return out;
    } catch {
      return '[Unreadable]'; // a throwing getter or a revoked proxy must not stop the record
    } finally {
      seen.delete(item);
    }
  };
  return convert(value, 0);
}
