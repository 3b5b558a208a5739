// The public shape of `createAgent({ telemetry })`. It names no type of `@opentelemetry/api`, so
// that the declarations of tinyagent typecheck without that optional package installed.

/**
 * The part of an OpenTelemetry `Tracer` tinyagent calls. Any `Tracer` from `@opentelemetry/api`
 * (`trace.getTracer(...)`, a `TracerProvider`'s `getTracer`) fits.
 */
export interface TelemetryTracer {
  startSpan(name: string, options?: object, context?: object): object;
}

/** OpenTelemetry tracing of an agent's Runs (docs/tracing.md). */
export interface TelemetryOptions {
  /** Where spans go. Default: `trace.getTracer('tinyagent')` of the global tracer provider. */
  tracer?: TelemetryTracer;
  /**
   * Record message text, tool arguments and tool results on the spans. Default false: spans then
   * carry names, ids, counts, codes and timings only.
   */
  captureContent?: boolean;
}
