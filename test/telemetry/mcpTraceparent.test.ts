// An MCP call carries its execute_tool span to the server as params._meta.traceparent (W3C
// trace context), so the server's own spans can join the Run's trace; without telemetry no
// _meta is sent. The server is a real process (test/mcp/servers/rawServer.mjs).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, ToolRegistry } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { connectMcpServers, type McpServers } from '../../src/mcp/index.js';
import { call } from '../helpers/runHarness.js';
import { rawServer, SERVER_START_MS } from '../mcp/helpers.js';
import { inMemoryTracing } from './traceHarness.js';

describe('MCP calls and the trace context', () => {
  const registry = new ToolRegistry();
  let mcp: McpServers | undefined;
  beforeAll(async () => {
    mcp = await connectMcpServers({ raw: rawServer({ MCP_TEST_META: '1' }) }, registry);
  }, SERVER_START_MS);
  afterAll(() => mcp?.close());

  const script = () => createScriptedProvider([{ toolCalls: [call('c1', 'mcp__raw__meta')] }, { text: 'done' }]);
  const toolMessage = (messages: readonly { role: string; content?: unknown }[]) => messages.find((m) => m.role === 'tool')!;

  it('sends the call’s span as _meta.traceparent', async () => {
    const { exporter, tracer } = inMemoryTracing();
    const output = await createAgent({ provider: script(), tools: registry, telemetry: { tracer } }).run('go');
    const span = exporter.getFinishedSpans().find((s) => s.name === 'execute_tool mcp__raw__meta')!;
    const { traceId, spanId } = span.spanContext();
    expect(JSON.parse(toolMessage(output.messages).content as string)).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });
  });

  it('sends no _meta without telemetry', async () => {
    const output = await createAgent({ provider: script(), tools: registry }).run('go');
    expect(JSON.parse(toolMessage(output.messages).content as string)).toBeNull();
  });
});
