// A worker process for crash tests of durable Runs: an agent on a durable store (file or
// PostgreSQL, by spec) runs one scenario and SIGKILLs itself at a named boundary; a second
// worker then resumes from the store alone. Every effect of a tool is fsynced to a ledger first.
//
//   durableRun.child.ts <store spec> <sessionId> <ledger> run <boundary>
//   durableRun.child.ts <store spec> <sessionId> <ledger> resume
//
// Each boundary picks the scenario's tool call:
//   afterAssistantWritten  `charge` ('once'): killed once the assistant message with the call is stored
//   afterOnceEffect        `charge` ('once'): killed inside the tool, right after its effect
//   insideIdempotent       `put` ('idempotent'): killed inside the tool, right after its effect
//   awaitingApproval       `approve_me` ('once', needs approval): killed while the approval is awaited
//   whileStreaming         killed while the provider streams its first response
// Before it kills itself the worker prints `boundary <name>`; a Run that ends prints
// `output <RunOutput JSON>`, a failure `error <code> <message>`.
import { createAgent, type AgentOptions, type AgentRunOptions, type Provider, type ProviderResponse, type RunOutput, type Tool, type ToolContext } from '../../src/index.js';
import type { DurableSessionStore, SessionLease } from '../../src/session/sessionStore.js';
import { storeFromSpec } from '../helpers/storeFromSpec.js';
import { recordEffect } from './effectLedger.js';
import type { Boundary } from './runBoundaries.js';


const [spec, sessionId, ledger, mode, boundaryArg] = process.argv.slice(2) as [string, string, string, 'run' | 'resume', Boundary | undefined];
// Only the first worker dies; the resuming one runs to the end.
const boundary = mode === 'run' ? boundaryArg : undefined;

function die(at: Boundary): never {
  process.stdout.write(`boundary ${at}\n`);
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable: SIGKILL did not end the process');
}

const parameters = { type: 'object', properties: { amount: { type: 'number' } } } as const;
const effect = (tool: string, at: Boundary | undefined) => async (_args: unknown, ctx: ToolContext) => {
  recordEffect(ledger, { tool, callId: ctx.callId, idempotencyKey: ctx.idempotencyKey, pid: process.pid });
  if (boundary === at && at !== undefined) die(at);
  return `${tool} done (${ctx.idempotencyKey})`;
};
const tools: Tool[] = [
  { name: 'charge', description: 'Charges a card (once)', parameters, effects: 'once', execute: effect('charge', 'afterOnceEffect') },
  { name: 'put', description: 'Stores a value (idempotent)', parameters, effects: 'idempotent', execute: effect('put', 'insideIdempotent') },
  { name: 'approve_me', description: 'Needs a yes first', parameters, effects: 'once', needsApproval: true, execute: effect('approve_me', undefined) },
];

const toolFor: Record<Boundary, string> = {
  afterAssistantWritten: 'charge',
  afterOnceEffect: 'charge',
  insideIdempotent: 'put',
  awaitingApproval: 'approve_me',
  whileStreaming: 'charge',
};
const scenarioTool = toolFor[boundaryArg ?? 'afterOnceEffect'];

// Answers by the conversation, so the resumed Run gets the same script wherever it picks up:
// first the scenario's call, then, once every call has a result, the answer.
const provider: Provider = {
  async complete(request, options): Promise<ProviderResponse> {
    const last = request.messages.at(-1);
    if (last?.role === 'tool') return { text: `finished after ${request.messages.filter((m) => m.role === 'tool').length} result(s)`, finishReason: 'stop' };
    if (boundary === 'whileStreaming') {
      options.onTextDelta?.('Let me ');
      options.onTextDelta?.('charge ');
      die('whileStreaming');
    }
    return { toolCalls: [{ id: 'call_1', name: scenarioTool, arguments: '{"amount":5}' }], finishReason: 'tool_calls' };
  },
};

// Kills the worker once the assistant message with tool calls is durable, by lease or plain append.
function killingAfterAssistant(store: DurableSessionStore): DurableSessionStore {
  if (boundary !== 'afterAssistantWritten') return store;
  const hasCalls = (messages: readonly { role: string; toolCalls?: unknown[] }[]) => messages.some((m) => m.role === 'assistant' && (m.toolCalls?.length ?? 0) > 0);
  const wrapLease = (lease: SessionLease): SessionLease => ({
    get sessionId() {
      return lease.sessionId;
    },
    get runId() {
      return lease.runId;
    },
    get leaseId() {
      return lease.leaseId;
    },
    get repaired() {
      return lease.repaired;
    },
    get length() {
      return lease.length;
    },
    append: async (messages, checkpoint) => {
      await lease.append(messages, checkpoint);
      if (hasCalls(messages)) die('afterAssistantWritten');
    },
    recordCallStarted: (call) => lease.recordCallStarted(call),
    recordCheckpoint: (checkpoint) => lease.recordCheckpoint(checkpoint),
    finish: (status) => lease.finish(status),
    release: () => lease.release(),
  });
  return {
    load: (id) => store.load(id),
    loadRunState: (id) => store.loadRunState(id),
    acquire: async (id, options) => wrapLease(await store.acquire(id, options)),
    append: async (id, messages) => {
      await store.append(id, messages);
      if (hasCalls(messages)) die('afterAssistantWritten');
    },
  };
}

// With TINYAGENT_TEST_TRACE=1 the Run is traced, and each span's trace id is printed as it starts
// (before any kill): `trace <id>`.
async function tracing(): Promise<AgentOptions['telemetry']> {
  if (process.env.TINYAGENT_TEST_TRACE !== '1') return undefined;
  const { BasicTracerProvider } = await import('@opentelemetry/sdk-trace-base');
  const printer = {
    onStart: (span: { spanContext(): { traceId: string } }) => void process.stdout.write(`trace ${span.spanContext().traceId}\n`),
    onEnd: () => undefined,
    forceFlush: async () => undefined,
    shutdown: async () => undefined,
  };
  return { tracer: new BasicTracerProvider({ spanProcessors: [printer] }).getTracer('crash-test') };
}

const { store, close } = storeFromSpec(spec);
const agent = createAgent({
  telemetry: await tracing(),
  provider,
  tools,
  sessionStore: killingAfterAssistant(store),
  approve: async () => {
    if (boundary === 'awaitingApproval') die('awaitingApproval');
    return { approved: true };
  },
});

type Resumable = { resume?: (sessionId: string, options?: AgentRunOptions) => Promise<RunOutput> };
const resume = (agent as Resumable).resume;
try {
  if (mode === 'resume' && resume === undefined) throw Object.assign(new Error('this agent has no resume()'), { code: 'resume_unavailable' });
  const output = mode === 'resume' ? await resume!.call(agent, sessionId) : await agent.run('charge the card', { sessionId });
  process.stdout.write(`output ${JSON.stringify(output)}\n`);
} catch (error) {
  const { code, message } = error as { code?: string; message?: string };
  process.stdout.write(`error ${code ?? 'unknown'} ${message ?? String(error)}\n`);
} finally {
  await close();
}
