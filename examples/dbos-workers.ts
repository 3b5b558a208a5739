// Runs across workers on DBOS (docs/scaling-out.md): this file is both the client and, started
// again with `worker <executor-id>`, each of two worker processes. The client enqueues Runs on
// a shared queue, approves a refund from outside the worker that waits for it, and prints the
// answers. Needs PostgreSQL: DATABASE_URL=postgres://… npx tsx examples/dbos-workers.ts
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { firstValueFrom, first } from 'rxjs';
import { createAgent, type Tool } from 'tinyagent';
import { createScriptedProvider } from 'tinyagent/testing';
import { PostgresSessionStore } from 'tinyagent/postgres';
import { registerDurableAgent } from 'tinyagent/dbos';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('Set DATABASE_URL to a PostgreSQL database (scripts/withPostgres.sh starts a throwaway one)');

const refund: Tool<{ order: string }> = {
  name: 'refund',
  description: 'Refund an order',
  parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
  effects: 'once', // never run twice, even if a worker dies in the middle
  needsApproval: true,
  execute: async ({ order }, ctx) => `refunded ${order} (key ${ctx.idempotencyKey.slice(0, 8)}, worker ${process.pid})`,
};
const lookup: Tool<{ order: string }> = {
  name: 'lookup',
  description: 'Look an order up',
  parameters: { type: 'object', properties: { order: { type: 'string' } }, required: ['order'] },
  readOnly: true,
  execute: async ({ order }) => `order ${order}: paid, 42 EUR (worker ${process.pid})`,
};

// Offline: a scripted model. A real one (createOpenAIProvider, …) goes here.
const provider = createScriptedProvider((request) => {
  const last = request.messages.at(-1)!;
  if (last.role === 'tool') return { text: `Done: ${last.content}` };
  const order = /\d+/.exec(last.content)?.[0] ?? '0';
  return { toolCalls: [{ id: 'call_1', name: last.content.startsWith('Refund') ? 'refund' : 'lookup', arguments: { order } }] };
});

// Every process registers the same agent under the same name, before DBOS.launch().
const support = registerDurableAgent('support', () => createAgent({ provider, tools: [refund, lookup], sessionStore: new PostgresSessionStore({ connectionString: databaseUrl }) }), {
  queue: { name: 'support-runs', concurrency: 8 },
});

const [role, executorID] = process.argv.slice(2);
if (role === 'worker') {
  // A worker: runs Runs from the queue. Restarted with the same executor id, it recovers its Runs.
  DBOS.setConfig({ name: 'dbos-workers-example', systemDatabaseUrl: databaseUrl, executorID, logLevel: 'error' });
  await DBOS.launch();
  process.stdout.write('ready\n');
  process.on('SIGTERM', () => void DBOS.shutdown().finally(() => process.exit(0)));
} else {
  // The client: runs no Runs itself (it listens to no queue).
  DBOS.setConfig({ name: 'dbos-workers-example', systemDatabaseUrl: databaseUrl, executorID: 'client', logLevel: 'error', listenQueues: [] });
  await DBOS.launch();
  const self = fileURLToPath(import.meta.url);
  const startWorker = (id: string) =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawn(process.execPath, [...process.execArgv, self, 'worker', id], { stdio: ['ignore', 'pipe', 'inherit'] });
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve(child));
      child.once('exit', (code) => reject(new Error(`worker ${id} exited with ${code}`)));
    });
  const workers = await Promise.all([startWorker('worker-1'), startWorker('worker-2')]);
  try {
    const lookups = await Promise.all(['Look up order 7', 'Look up order 8', 'Look up order 9'].map((input, index) => support.start(input, { sessionId: `user-${index}` })));
    const refundRun = await support.start('Refund order 42', { sessionId: 'user-refund' });
    // The refund waits for a person; any process can answer it, hours later if need be.
    const asked = await firstValueFrom(refundRun.events().pipe(first((event) => event.type === 'tool.approval_requested')));
    if (asked.type === 'tool.approval_requested') await support.approve(refundRun.workflowId, asked.callId);
    for (const handle of [...lookups, refundRun]) console.log((await handle.result()).text);
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await DBOS.shutdown();
  }
}
