// `@opentelemetry/api` is an optional peer dependency: loaded only when an agent is given
// `telemetry`, synchronously, so that createAgent can refuse at once when it is missing.
import { createRequire } from 'node:module';
import type * as OpenTelemetry from '@opentelemetry/api';
import { ConfigurationError } from '../errors.js';

/** The `@opentelemetry/api` module. */
export type OpenTelemetryApi = typeof OpenTelemetry;

export const OPENTELEMETRY_API_PACKAGE = '@opentelemetry/api';

const isMissingModule = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'MODULE_NOT_FOUND';

/**
 * Loads `@opentelemetry/api`, or throws a `ConfigurationError` that names the package to install.
 * The global tracer provider and context keys live on `globalThis`, so this copy and the one an
 * application imports agree.
 * @example const api = loadOpenTelemetryApi(); api.trace.getTracer('tinyagent');
 */
export function loadOpenTelemetryApi(load: (id: string) => unknown = createRequire(import.meta.url)): OpenTelemetryApi {
  try {
    return load(OPENTELEMETRY_API_PACKAGE) as OpenTelemetryApi;
  } catch (error) {
    const reason = isMissingModule(error) ? 'is not installed' : 'could not be loaded';
    throw new ConfigurationError(
      `telemetry needs the package ${OPENTELEMETRY_API_PACKAGE}, which ${reason}: npm install ${OPENTELEMETRY_API_PACKAGE} (and an OpenTelemetry SDK to export the spans)`,
      { cause: error },
    );
  }
}
