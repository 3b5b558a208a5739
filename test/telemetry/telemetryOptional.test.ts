// `@opentelemetry/api` is optional: loaded only for an agent with `telemetry`, refused with a
// ConfigurationError naming the package when it is missing; the global provider is the default.
import { trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError, createAgent } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { createAgentTelemetry } from '../../src/telemetry/agentTelemetry.js';
import { loadOpenTelemetryApi } from '../../src/telemetry/openTelemetryApi.js';
import { inMemoryTracing } from './traceHarness.js';

const agent = { name: 'tinyagent' };
const missing = (id: string): never => {
  throw Object.assign(new Error(`Cannot find module '${id}'`), { code: 'MODULE_NOT_FOUND' });
};

describe('telemetry is optional', () => {
  afterEach(() => trace.disable());

  it('never loads the package without telemetry', () => {
    let loads = 0;
    expect(createAgentTelemetry(undefined, agent, () => (loads++, loadOpenTelemetryApi()))).toBeUndefined();
    expect(loads).toBe(0);
  });

  it('names the package to install when it is missing', () => {
    let error: unknown;
    try {
      createAgentTelemetry({}, agent, () => loadOpenTelemetryApi(missing));
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/@opentelemetry\/api, which is not installed: npm install @opentelemetry\/api/);
    expect((error as Error).cause).toMatchObject({ code: 'MODULE_NOT_FOUND' });
  });

  it.each([
    ['a string', 'yes', /telemetry must be an object/],
    ['a tracer without startSpan', { tracer: {} }, /telemetry.tracer must be an OpenTelemetry Tracer/],
    ['captureContent not a boolean', { captureContent: 'yes' }, /captureContent must be a boolean/],
  ])('refuses %s at createAgent', (_label, telemetry, message) => {
    expect(() => createAgent({ provider: createScriptedProvider([]), telemetry: telemetry as never })).toThrow(message);
  });

  it('refuses an empty agent name', () => {
    expect(() => createAgent({ provider: createScriptedProvider([]), name: ' ' })).toThrow(/name must be a non-empty string/);
  });

  it('uses the global tracer provider by default, even one registered after createAgent', async () => {
    const traced = createAgent({ provider: createScriptedProvider([{ text: 'hi' }]), telemetry: {} });
    const { exporter, provider } = inMemoryTracing();
    trace.setGlobalTracerProvider(provider);
    await traced.run('hello');
    expect(exporter.getFinishedSpans().map((span) => [span.name, span.instrumentationScope.name])).toEqual([
      ['chat', 'tinyagent'],
      ['invoke_agent tinyagent', 'tinyagent'],
    ]);
  });
});
