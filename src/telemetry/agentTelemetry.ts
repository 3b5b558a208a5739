// An agent's telemetry: checks `createAgent({ telemetry })` once, loads `@opentelemetry/api`
// only then, and gives each Run its RunTracer (docs/tracing.md).
import type { Tracer } from '@opentelemetry/api';
import { quoteValue } from '../describeValue.js';
import { ConfigurationError } from '../errors.js';
import type { Message, ProviderInfo } from '../types.js';
import { loadOpenTelemetryApi, type OpenTelemetryApi } from './openTelemetryApi.js';
import { RunTracer } from './runTracer.js';
import type { TelemetryOptions } from './telemetryOptions.js';
import { parseTraceparent } from './traceIds.js';

/** The default agent name, `gen_ai.agent.name` and the root span's `invoke_agent tinyagent`. */
export const DEFAULT_AGENT_NAME = 'tinyagent';

/** What the agent tells its telemetry about itself. */
export interface TracedAgent {
  name: string;
  /** The provider's self-description (`Provider.info`). */
  provider?: ProviderInfo;
  toolDescription?: (name: string) => string | undefined;
}

/** What the agent tells its telemetry about one Run. */
export interface TracedRun {
  sessionId?: string;
  /** W3C traceparent of the span this Run nests under (checked by `checkTraceparent`). */
  traceparent?: string;
  history: readonly Message[];
}

export interface AgentTelemetry {
  /** A tracer for one Run; subscribe it to the Run's events before the Run starts. */
  tracerFor(run: TracedRun): RunTracer;
}

const hasStartSpan = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && typeof (value as { startSpan?: unknown }).startSpan === 'function';

function checkTelemetryOptions(options: unknown): asserts options is TelemetryOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new ConfigurationError(`telemetry must be an object ({ tracer?, captureContent? }), got ${quoteValue(options)}`);
  }
  const { tracer, captureContent } = options as Record<string, unknown>;
  if (tracer !== undefined && !hasStartSpan(tracer)) throw new ConfigurationError(`telemetry.tracer must be an OpenTelemetry Tracer (with startSpan), got ${quoteValue(tracer)}`);
  if (captureContent !== undefined && typeof captureContent !== 'boolean') {
    throw new ConfigurationError(`telemetry.captureContent must be a boolean, got ${quoteValue(captureContent)}`);
  }
}

/**
 * Throws a `ConfigurationError` for a `traceparent` run option that is not a W3C traceparent.
 * @example checkTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01'); // passes
 */
export function checkTraceparent(traceparent: unknown): void {
  if (traceparent === undefined) return;
  if (typeof traceparent !== 'string' || parseTraceparent(traceparent) === undefined) {
    throw new ConfigurationError(`traceparent must be a W3C traceparent ("00-<32 hex>-<16 hex>-<2 hex>"), got ${quoteValue(traceparent)}`);
  }
}

/**
 * The telemetry of an agent, or undefined without `telemetry` (then `@opentelemetry/api` is never loaded).
 * @example const telemetry = createAgentTelemetry({ captureContent: false }, { name: 'tinyagent', provider: { name: 'openai', model: 'gpt-4.1' } });
 */
export function createAgentTelemetry(
  options: unknown,
  agent: TracedAgent,
  loadApi: () => OpenTelemetryApi = loadOpenTelemetryApi,
): AgentTelemetry | undefined {
  if (options === undefined) return undefined;
  checkTelemetryOptions(options);
  const api = loadApi();
  // The global provider's tracer is a proxy: a provider registered after createAgent still gets the spans.
  const tracer = (options.tracer as Tracer | undefined) ?? api.trace.getTracer(DEFAULT_AGENT_NAME);
  const captureContent = options.captureContent === true;
  return {
    tracerFor: ({ sessionId, traceparent, history }) =>
      new RunTracer({
        api,
        tracer,
        agentName: agent.name,
        captureContent,
        provider: agent.provider,
        sessionId,
        parent: traceparent === undefined ? undefined : parseTraceparent(traceparent),
        history,
        toolDescription: agent.toolDescription,
      }),
  };
}
