// An in-memory OpenTelemetry SDK for the trace tests, and a readable summary of what it recorded.
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

export function inMemoryTracing() {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  return { exporter, provider, tracer: provider.getTracer('test') };
}

/** A clock that advances 1 ms per reading, so that spans' times are exact. */
export function steppingClock(start = 1_000_000) {
  let now = start;
  return () => (now += 1);
}

const kindName = (kind: SpanKind) => SpanKind[kind];
const hrToMs = ([seconds, nanos]: [number, number]) => seconds * 1000 + nanos / 1e6;

/** One span as the golden tests compare it: its parent by name, attributes, status, events. */
export interface SpanSummary {
  name: string;
  kind: string;
  parent: string;
  attributes: Record<string, unknown>;
  status?: { code: 'ERROR'; message?: string };
  events?: { name: string; attributes?: Record<string, unknown> }[];
}

/**
 * The spans depth first, each span's children in start order (then end order), each parent
 * named (the Run's anchor, never exported, is `(anchor)`). Event times are whole milliseconds,
 * so plain start order would leave spans of one millisecond in any order.
 */
export function summarize(spans: readonly ReadableSpan[]): SpanSummary[] {
  const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
  const byTime = [...spans].sort((a, b) => hrToMs(a.startTime) - hrToMs(b.startTime) || hrToMs(a.endTime) - hrToMs(b.endTime));
  const childrenOf = (parent: ReadableSpan | undefined) =>
    byTime.filter((span) => {
      const found = byId.get(span.parentSpanContext?.spanId ?? '');
      return parent === undefined ? found === undefined : found === parent;
    });
  const ordered: ReadableSpan[] = [];
  const visit = (span: ReadableSpan) => {
    ordered.push(span);
    childrenOf(span).forEach(visit);
  };
  childrenOf(undefined).forEach(visit);
  return ordered
    .map((span) => {
      const parentId = span.parentSpanContext?.spanId;
      const summary: SpanSummary = {
        name: span.name,
        kind: kindName(span.kind),
        parent: parentId === undefined ? '(none)' : (byId.get(parentId)?.name ?? '(anchor)'),
        attributes: { ...span.attributes },
      };
      if (span.status.code === SpanStatusCode.ERROR) summary.status = { code: 'ERROR', message: span.status.message };
      if (span.events.length > 0) {
        summary.events = span.events.map((event) => (event.attributes && Object.keys(event.attributes).length > 0 ? { name: event.name, attributes: { ...event.attributes } } : { name: event.name }));
      }
      return summary;
    });
}

export { hrToMs };
