// The DBOS scenario (`npm run bench -- dbos`, against TINYAGENT_PG_URL; `npm run bench:dbos`
// starts a throwaway server): N Runs over 1, 2 and 3 worker processes on one queue (Runs per
// second, from the first enqueue to the last result), and the time a Run whose worker was
// killed mid-step takes to continue once a worker with the dead one's executor id starts.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const CLIENT = fileURLToPath(new URL('./dbosClient.mjs', import.meta.url));
const run = promisify(execFile);

export interface DbosFigures {
  throughput: { workers: number; runs: number; seconds: number; runsPerSecond: number }[];
  recovery: { readyMs: number; continueMs: number };
}

async function inClient<T>(serverUrl: string, ...args: string[]): Promise<T> {
  const { stdout } = await run(process.execPath, [CLIENT, serverUrl, ...args], { maxBuffer: 1 << 20, timeout: 180_000 });
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as T;
}

/** Runs the scenario; needs a PostgreSQL server URL. */
export async function dbosWorkers(serverUrl: string, log: (line: string) => void): Promise<DbosFigures> {
  const throughput: DbosFigures['throughput'] = [];
  for (const workers of [1, 2, 3]) {
    log(`DBOS: Runs over ${workers} worker(s) …`);
    throughput.push(await inClient(serverUrl, 'throughput', String(workers)));
  }
  log('DBOS: recovery …');
  const recovery = await inClient<DbosFigures['recovery']>(serverUrl, 'recovery', '1');
  return { throughput, recovery };
}

/** The scenario's figures as a table. */
export function dbosTable({ throughput, recovery }: DbosFigures): string {
  const rows = throughput.map((t) => `| ${t.workers} | ${t.runs} | ${t.seconds.toFixed(2)} s | ${t.runsPerSecond.toFixed(1)} |`);
  return [
    '| workers | Runs | wall time | Runs/s |',
    '|---|---|---|---|',
    ...rows,
    '',
    `recovery: a worker with the dead one's executor id is ready in ${recovery.readyMs.toFixed(0)} ms; the Run then finishes in ${recovery.continueMs.toFixed(0)} ms`,
  ].join('\n');
}
