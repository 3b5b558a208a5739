// Trace ids derived from the Run id, so that every process that runs a part of one Run (the
// first one, and a later one that resumes it) puts its spans into the same trace without
// storing anything. No IdGenerator is involved: the ids become the parent span context the
// Run's root span is started under.
import { createHash } from 'node:crypto';

/** The W3C fields of a span context tinyagent reads and writes. */
export interface TraceContextIds {
  traceId: string;
  spanId: string;
  /** W3C trace flags; bit 0 is "sampled". */
  traceFlags: number;
}

const digest = (purpose: string, runId: string): string => createHash('sha256').update(`tinyagent/${purpose}/${runId}`).digest('hex');

// An all-zero id is invalid in W3C trace context; a hash practically never gives one, but if it did:
const nonZero = (hex: string): string => (/^0+$/.test(hex) ? `${hex.slice(0, -1)}1` : hex);

/**
 * The trace id of a Run: 32 hex digits of SHA-256 over its id; the same id gives the same trace.
 * @example traceIdOfRun('run-1') === traceIdOfRun('run-1') // true
 */
export function traceIdOfRun(runId: string): string {
  return nonZero(digest('trace', runId).slice(0, 32));
}

/**
 * The span id the Run's root span is parented to (the Run's anchor, never exported itself).
 * @example anchorSpanIdOfRun('run-1').length // 16
 */
export function anchorSpanIdOfRun(runId: string): string {
  return nonZero(digest('anchor', runId).slice(0, 16));
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/**
 * Reads a W3C `traceparent` header value; undefined when it is not a valid one.
 * @example parseTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01')?.traceFlags // 1
 */
export function parseTraceparent(value: string): TraceContextIds | undefined {
  const match = TRACEPARENT.exec(value);
  if (!match) return undefined;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(spanId)) return undefined;
  return { traceId, spanId, traceFlags: Number.parseInt(flags, 16) };
}

/**
 * Writes a span context as a W3C `traceparent` header value (version 00).
 * @example formatTraceparent({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 })
 */
export function formatTraceparent({ traceId, spanId, traceFlags }: TraceContextIds): string {
  return `00-${traceId}-${spanId}-${(traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}
