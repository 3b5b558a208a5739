// Tracing for a Run built with createRunActor (an agent traces its own Runs): the same spans,
// for a new Run or one restored from a snapshot, whose trace continues (docs/tracing.md).
import { checkTraceparent, createAgentTelemetry, DEFAULT_AGENT_NAME } from '../telemetry/agentTelemetry.js';
import type { TelemetryOptions } from '../telemetry/telemetryOptions.js';
import type { Message, Provider } from '../types.js';
import { runEvents, type RunActor } from './runEvents.js';

export interface TraceRunOptions extends TelemetryOptions {
  /** `gen_ai.agent.name`; default `tinyagent`. */
  agentName?: string;
  /** The Run's provider, for `gen_ai.provider.name` and the request attributes (its `info`). */
  provider?: Provider;
  /** The span the Run nests under (W3C traceparent), e.g. `toolCallTraceparent(ctx)`. */
  traceparent?: string;
  /** The history given to createRunActor, for captured chat input. */
  history?: readonly Message[];
}

/**
 * Traces a Run actor's events as OpenTelemetry spans; call it before `actor.start()`. Loads
 * `@opentelemetry/api` (a `ConfigurationError` names it when it is missing).
 * @example
 * import { createRunActor } from 'tinyagent';
 * const actor = createRunActor({ provider, tools, input: 'Say hi' });
 * traceRun(actor, { provider, agentName: 'greeter' });
 * actor.start();
 */
export function traceRun(actor: RunActor, options: TraceRunOptions = {}): void {
  checkTraceparent(options.traceparent);
  const { tracer, captureContent, provider } = options;
  const telemetry = createAgentTelemetry(
    { tracer, captureContent },
    { name: options.agentName ?? DEFAULT_AGENT_NAME, provider: provider?.info },
  );
  const { sessionId } = actor.getSnapshot().context;
  // Defined: the options object is always given, so the API is loaded.
  const runTracer = telemetry!.tracerFor({ sessionId, traceparent: options.traceparent, history: options.history ?? [] });
  runEvents(actor).subscribe(runTracer);
}
