// The parent side of durableRun.child.ts: starts a worker on a store spec, reads what it says,
// and reports how it ended (killed at a boundary, or with an output or an error).
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { RunOutput } from '../../src/index.js';
import type { Boundary } from './runBoundaries.js';

const worker = fileURLToPath(new URL('./durableRun.child.ts', import.meta.url));

export interface WorkerEnd {
  signal: NodeJS.Signals | null;
  code: number | null;
  /** The boundary the worker said it was killed at. */
  boundary?: string;
  output?: RunOutput;
  error?: { code: string; message: string };
  /** Trace ids of the spans the worker started (with `TINYAGENT_TEST_TRACE=1`). */
  traceIds: string[];
  stderr: string;
}

/** Runs one worker to its end: `run` at `boundary` (it SIGKILLs itself there), or `resume`. */
export async function runWorker(spec: string, sessionId: string, ledger: string, mode: 'run' | 'resume', boundary?: Boundary, env: Record<string, string> = {}): Promise<WorkerEnd> {
  const args = [spec, sessionId, ledger, mode, ...(boundary === undefined ? [] : [boundary])];
  const child = spawn(process.execPath, ['--import', 'tsx', worker, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  const end: Partial<WorkerEnd> = {};
  const traceIds: string[] = [];
  for await (const line of createInterface({ input: child.stdout })) {
    const [kind, ...rest] = line.split(' ');
    const text = rest.join(' ');
    if (kind === 'boundary') end.boundary = text;
    if (kind === 'trace') traceIds.push(text);
    if (kind === 'output') end.output = JSON.parse(text) as RunOutput;
    if (kind === 'error') end.error = { code: rest[0] ?? '', message: rest.slice(1).join(' ') };
  }
  const [code, signal] = await exited;
  return { ...end, traceIds, code, signal, stderr };
}
