// The agent every process of the DBOS tests registers (workers and the test's own client):
// a scripted model, a `'once'` tool and an `'idempotent'` one that write a side-effect ledger,
// a tool that needs approval, and one that runs until its signal aborts.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { createAgent, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { PostgresSessionStore } from '../../src/postgres/index.js';
import { registerDurableAgent } from '../../src/dbos/index.js';
import { readLedger, recordEffect } from '../crash/effectLedger.js';

export const QUEUE = 'tinyagent-test-runs';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

function ledgerTool(name: string, effects: 'once' | 'idempotent', ledger: string, holdMs: number, extra: Partial<Tool> = {}): Tool {
  return {
    name,
    description: `${name}: records an effect`,
    parameters: { type: 'object', properties: { item: { type: 'string' } } },
    effects,
    ...extra,
    async execute(args, ctx) {
      recordEffect(ledger, { tool: name, callId: `${ctx.runId}/${ctx.callId}`, idempotencyKey: ctx.idempotencyKey, pid: process.pid });
      // Ledger entries name the Run and the call (`run/call`).
      // A crash right after the effect, on the first attempt only: the step never records.
      const firstAttempt = readLedger(ledger).filter((entry) => entry.idempotencyKey === ctx.idempotencyKey).length === 1;
      if (process.env.KILL_AFTER_EFFECT === name && firstAttempt) process.kill(process.pid, 'SIGKILL');
      await sleep(holdMs);
      return `${name} done for ${String(args.item)} by pid ${process.pid}`;
    },
  };
}

/** The model: its answer depends only on the conversation, so every replay asks the same. */
const provider = createScriptedProvider((request) => {
  const messages = request.messages;
  const input = [...messages].reverse().find((message) => message.role === 'user')?.content ?? '';
  const answered = messages.some((message) => message.role === 'tool');
  if (answered) return { text: `answer: ${input}` };
  if (input.startsWith('chaos')) {
    return {
      toolCalls: [
        { id: 'call_charge', name: 'charge', arguments: { item: input } },
        { id: 'call_note', name: 'store_note', arguments: { item: input } },
      ],
    };
  }
  if (input.startsWith('approve')) return { toolCalls: [{ id: 'call_refund', name: 'send_refund', arguments: { item: input } }] };
  if (input.startsWith('cancel')) return { toolCalls: [{ id: 'call_wait', name: 'wait_for_signal', arguments: { item: input } }] };
  return { text: `answer: ${input}` };
});

/** Registers the test agent (before DBOS.launch) on `databaseUrl`, writing effects to `ledger`. */
export function registerTestAgent(databaseUrl: string, ledger: string, holdMs = 40) {
  return registerDurableAgent(
    'support',
    () =>
      createAgent({
        provider,
        sessionStore: new PostgresSessionStore({ connectionString: databaseUrl }),
        tools: [
          ledgerTool('charge', 'once', ledger, holdMs),
          ledgerTool('store_note', 'idempotent', ledger, holdMs),
          ledgerTool('send_refund', 'once', ledger, 0, { needsApproval: true }),
          {
            name: 'wait_for_signal',
            description: 'runs until cancelled',
            parameters: { type: 'object', properties: { item: { type: 'string' } } },
            effects: 'idempotent',
            async execute(_args, ctx) {
              recordEffect(ledger, { tool: 'wait_for_signal', callId: ctx.callId, idempotencyKey: ctx.idempotencyKey, pid: process.pid });
              await sleep(60_000, ctx.signal);
              if (ctx.signal.aborted) recordEffect(ledger, { tool: 'wait_for_signal.aborted', callId: ctx.callId, idempotencyKey: ctx.idempotencyKey, pid: process.pid });
              return 'stopped';
            },
          },
        ],
      }),
    // A few Runs per worker at a time, so that the Runs spread over every worker.
    { queue: { name: QUEUE, workerConcurrency: 2, pollingIntervalMs: 100 } },
  );
}

/** Configures and launches DBOS for one process of the tests. */
export async function launchDbos(databaseUrl: string, executorID: string, listenQueues?: string[]): Promise<void> {
  DBOS.setConfig({ name: 'tinyagent-test', systemDatabaseUrl: databaseUrl, executorID, applicationVersion: 'tinyagent-test-1', logLevel: 'error', ...(listenQueues ? { listenQueues } : {}) });
  await DBOS.launch();
}
