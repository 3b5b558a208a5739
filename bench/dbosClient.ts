// The client of the DBOS scenario, in a process of its own for each measurement (DBOS is one
// per process): creates a database, starts the workers, enqueues the Runs and times them.
// Prints one JSON line: { workers, runs, seconds, runsPerSecond } or, for `recovery`,
// { readyMs, continueMs }.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DBOS } from '@dbos-inc/dbos-sdk';
import pg from 'pg';
import { createAgent } from '../src/index.js';
import { createScriptedProvider } from '../src/testing.js';
import { registerDurableAgent } from '../src/dbos/index.js';

const [serverUrl, mode, count] = process.argv.slice(2) as [string, 'throughput' | 'recovery', string];
const WORKER = fileURLToPath(new URL('./dbosWorker.mjs', import.meta.url));
const database = `tinyagent_bench_${process.pid}`;
const url = new URL(serverUrl);
url.pathname = `/${database}`;
const databaseUrl = url.toString();

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function startWorker(executorId: string, env: Record<string, string> = {}): { child: ChildProcess; ready: Promise<void>; blocked: Promise<void> } {
  const child = spawn(process.execPath, [WORKER, databaseUrl, executorId], { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env } });
  const seen = (word: string) =>
    new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes(word) && resolve());
      child.once('exit', (code) => reject(new Error(`bench worker ${executorId} exited (${code}) before "${word}"`)));
    });
  const blocked = seen('blocked');
  blocked.catch(() => {}); // only the recovery measurement waits for it
  return { child, ready: seen('ready'), blocked };
}
const stop = (child: ChildProcess, signal: NodeJS.Signals) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : (child.once('exit', () => resolve()), child.kill(signal))));

await admin(`CREATE DATABASE ${database}`);
// The client registers the same agent (never run here: it listens to no queue of the bench).
const bench = registerDurableAgent('bench', () => createAgent({ provider: createScriptedProvider([]) }), { queue: { name: 'bench-runs', workerConcurrency: 16, pollingIntervalMs: 100 } });
const workers: ChildProcess[] = [];
try {
  // Launching first creates DBOS's tables: workers that migrate a fresh database at once deadlock.
  DBOS.setConfig({ name: 'tinyagent-bench', systemDatabaseUrl: databaseUrl, executorID: 'bench-client', applicationVersion: 'bench-1', logLevel: 'error', listenQueues: ['none'] });
  await DBOS.launch();
  if (mode === 'throughput') {
    const started = Array.from({ length: Number(count) }, (_, index) => startWorker(`bench-${index}`));
    workers.push(...started.map((worker) => worker.child));
    await Promise.all(started.map((worker) => worker.ready));
    const runs = Number(process.env.BENCH_DBOS_RUNS ?? 60);
    const t0 = performance.now();
    const handles = await Promise.all(Array.from({ length: runs }, () => bench.start('go')));
    await Promise.all(handles.map((handle) => handle.result()));
    const seconds = (performance.now() - t0) / 1000;
    console.log(JSON.stringify({ workers: Number(count), runs, seconds, runsPerSecond: runs / seconds }));
  } else {
    const first = startWorker('bench-victim', { BENCH_BLOCK: '1' });
    workers.push(first.child);
    await first.ready;
    const handle = await bench.start('go');
    await first.blocked;
    await stop(first.child, 'SIGKILL');
    const t0 = performance.now();
    const second = startWorker('bench-victim');
    workers.push(second.child);
    await second.ready;
    const readyMs = performance.now() - t0;
    await handle.result();
    console.log(JSON.stringify({ readyMs, continueMs: performance.now() - t0 - readyMs }));
  }
} finally {
  await Promise.all(workers.map((child) => stop(child, 'SIGTERM')));
  if (DBOS.isInitialized()) await DBOS.shutdown();
  await admin(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
}
