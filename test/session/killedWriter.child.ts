// Run by killedWriterIsRepaired.test.ts: takes the session for Run "killed", appends what a Run
// persists before its tools start, says so, then hangs like a long tool until the test SIGKILLs it.
import { FileSessionStore } from '../../src/session/fileSessionStore.js';

const [dir, sessionId] = process.argv.slice(2) as [string, string];
const store = new FileSessionStore({ dir });
const lease = await store.acquire(sessionId, { runId: 'killed' });
await lease.append([
  { role: 'user', content: 'delete the temp files' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'rm', arguments: '{"path":"tmp"}' }] },
]);
process.stdout.write('appended\n');
setInterval(() => undefined, 60_000); // a tool that never returns
