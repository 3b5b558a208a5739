// Worker processes for the DBOS tests: started with an executor id, killed with SIGKILL or
// stopped with SIGTERM, always reaped when a test ends.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const script = fileURLToPath(new URL('./worker.child.ts', import.meta.url));

export interface Worker {
  readonly executorId: string;
  readonly child: ChildProcess;
  /** Resolves when the process has exited. */
  readonly exited: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

const live = new Set<Worker>();

/** Starts a worker and waits until it says it is ready. */
export async function startWorker(databaseUrl: string, executorId: string, ledger: string, env: Record<string, string> = {}): Promise<Worker> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, databaseUrl, executorId, ledger], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const worker: Worker = {
    executorId,
    child,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      live.delete(worker);
    },
  };
  live.add(worker);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker ${executorId} exited (${code}) before it was ready: ${stderr}`)));
  });
  return worker;
}

/** Kills every worker still running (afterEach/afterAll). */
export async function killAllWorkers(): Promise<void> {
  await Promise.all([...live].map((worker) => worker.kill('SIGKILL')));
}
