// A worker process of the DBOS scenario (bundled by bench/bundle.ts): one agent whose Runs
// make two provider requests and one batch of two tool calls ('once' and 'idempotent'), on a
// shared queue. With BENCH_BLOCK set, the idempotent tool hangs on its first attempt and says
// "blocked", so the scenario can kill the worker mid-step and time the recovery.
import { DBOS } from '@dbos-inc/dbos-sdk';
import { createAgent, type Tool } from '../src/index.js';
import { createScriptedProvider } from '../src/testing.js';
import { registerDurableAgent } from '../src/dbos/index.js';

const [databaseUrl, executorID] = process.argv.slice(2) as [string, string];
const BENCH_QUEUE = 'bench-runs';

const provider = createScriptedProvider((request) =>
  request.messages.some((message) => message.role === 'tool')
    ? { text: 'done' }
    : {
        toolCalls: [
          { id: 'c1', name: 'charge', arguments: {} },
          { id: 'c2', name: 'note', arguments: {} },
        ],
      },
);
const tool = (name: string, effects: 'once' | 'idempotent', execute: Tool['execute']): Tool => ({
  name,
  description: name,
  parameters: { type: 'object', properties: {} },
  effects,
  execute,
});
let blocked = false;
registerDurableAgent(
  'bench',
  () =>
    createAgent({
      provider,
      tools: [
        tool('charge', 'once', async () => 'charged'),
        tool('note', 'idempotent', async () => {
          if (process.env.BENCH_BLOCK && !blocked) {
            blocked = true;
            process.stdout.write('blocked\n');
            await new Promise(() => {});
          }
          return 'noted';
        }),
      ],
    }),
  { queue: { name: BENCH_QUEUE, workerConcurrency: 16, pollingIntervalMs: 100 } },
);
DBOS.setConfig({ name: 'tinyagent-bench', systemDatabaseUrl: databaseUrl, executorID, applicationVersion: 'bench-1', logLevel: 'error' });
await DBOS.launch();
process.stdout.write('ready\n');
process.on('SIGTERM', () => void DBOS.shutdown().finally(() => process.exit(0)));
