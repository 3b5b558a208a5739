// The spans of a Run exported over OTLP/HTTP (JSON) to a receiver on 127.0.0.1: what arrives
// is the Run's trace, with the GenAI names, kinds, parents and attributes.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, traceIdOfRun, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { call } from '../helpers/runHarness.js';

interface OtlpValue { stringValue?: string; intValue?: string | number; boolValue?: boolean; doubleValue?: number; arrayValue?: { values: OtlpValue[] } }
interface OtlpSpan { traceId: string; spanId: string; parentSpanId?: string; name: string; kind: number; attributes: { key: string; value: OtlpValue }[]; status?: { code?: number } }
interface OtlpRequest { resourceSpans: { scopeSpans: { scope: { name: string }; spans: OtlpSpan[] }[] }[] }

const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
  });

async function startReceiver() {
  const received: { path: string; contentType: string | undefined; body: OtlpRequest }[] = [];
  const server = createServer(async (request, response) => {
    received.push({ path: request.url ?? '', contentType: request.headers['content-type'], body: JSON.parse(await readBody(request)) as OtlpRequest });
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { received, url: `http://127.0.0.1:${port}/v1/traces`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const attribute = (span: OtlpSpan, key: string) => {
  const value = span.attributes.find((entry) => entry.key === key)?.value;
  if (!value) return undefined;
  return value.stringValue ?? (value.intValue !== undefined ? Number(value.intValue) : undefined) ?? value.boolValue ?? value.doubleValue;
};

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

describe('OTLP/HTTP export', () => {
  it('delivers the Run’s trace to a collector', async () => {
    const receiver = await startReceiver();
    cleanup.push(receiver.close);
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: receiver.url }))] });
    cleanup.push(() => provider.shutdown());
    const echo: Tool = { name: 'echo', description: 'Echoes', parameters: { type: 'object' }, execute: async () => 'echoed' };
    const model = Object.assign(createScriptedProvider([{ toolCalls: [call('c1', 'echo')], usage: { inputTokens: 7, outputTokens: 3, totalTokens: 10 } }, { text: 'done' }]), {
      info: { name: 'anthropic', model: 'claude-test' },
    });
    const agent = createAgent({ name: 'exporter-test', provider: model, tools: [echo], telemetry: { tracer: provider.getTracer('otlp-test') } });
    const output = await agent.run('go', { sessionId: 'otlp-session' });
    await provider.forceFlush();

    expect(new Set(receiver.received.map((request) => request.path))).toEqual(new Set(['/v1/traces']));
    expect(receiver.received.every((request) => request.contentType?.startsWith('application/json'))).toBe(true);
    const spans = receiver.received.flatMap((request) => request.body.resourceSpans.flatMap((resource) => resource.scopeSpans.flatMap((scope) => scope.spans)));
    const byName = (name: string) => spans.filter((span) => span.name === name);
    expect(spans.map((span) => span.name).sort()).toEqual(['chat claude-test', 'chat claude-test', 'execute_tool echo', 'invoke_agent exporter-test']);
    expect(new Set(spans.map((span) => span.traceId))).toEqual(new Set([traceIdOfRun(output.runId)]));

    const [root] = byName('invoke_agent exporter-test');
    expect(root!.kind).toBe(1); // SPAN_KIND_INTERNAL
    expect(attribute(root!, 'gen_ai.conversation.id')).toBe('otlp-session');
    expect(attribute(root!, 'gen_ai.agent.name')).toBe('exporter-test');
    const chats = byName('chat claude-test');
    for (const chat of chats) {
      expect(chat.kind).toBe(3); // SPAN_KIND_CLIENT
      expect(chat.parentSpanId).toBe(root!.spanId);
      expect(attribute(chat, 'gen_ai.provider.name')).toBe('anthropic');
    }
    expect(chats.map((chat) => attribute(chat, 'gen_ai.usage.input_tokens'))).toContain(7);
    const [tool] = byName('execute_tool echo');
    expect(tool).toMatchObject({ kind: 1, parentSpanId: root!.spanId });
    expect(attribute(tool!, 'gen_ai.tool.call.id')).toBe('c1');
  });
});
