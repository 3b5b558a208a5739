// A second process on the same session store, for the cross-process lease tests.
//   leaseWriter.child.ts <store spec> <sessionId> contend <runId> <count>
//     takes the session <count> times (waiting for the other process), appends one message,
//     finishes, and prints `ack <runId> <n>` after each acknowledged append.
//   leaseWriter.child.ts <store spec> <sessionId> hold <runId>
//     takes the session, appends, prints `holding`; on the stdin line `write` appends again and
//     prints `written` or `refused <code>`, then exits.
import { createInterface } from 'node:readline';
import { storeFromSpec } from './storeFromSpec.js';

const [spec, sessionId, mode, runId, count] = process.argv.slice(2) as [string, string, 'contend' | 'hold', string, string?];
const { store, close } = storeFromSpec(spec, { lockTimeoutMs: 60_000 });

if (mode === 'contend') {
  for (let n = 0; n < Number(count); n++) {
    const lease = await store.acquire(sessionId, { runId: `${runId}-${n}` });
    await lease.append([{ role: 'user', content: `${runId} ${n}` }]);
    process.stdout.write(`ack ${runId} ${n}\n`);
    await lease.finish('completed');
  }
} else {
  const lease = await store.acquire(sessionId, { runId });
  await lease.append([{ role: 'user', content: `${runId} before` }]);
  process.stdout.write('holding\n');
  for await (const line of createInterface({ input: process.stdin })) {
    if (line !== 'write') continue;
    try {
      await lease.append([{ role: 'assistant', content: `${runId} late` }]);
      process.stdout.write('written\n');
    } catch (error) {
      process.stdout.write(`refused ${String((error as { code?: unknown }).code)}\n`);
    }
    break;
  }
}
await close();
