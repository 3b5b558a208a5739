// Runs an agent's Runs as DBOS workflows (docs/scaling-out.md): registered under one name in
// every worker, started and answered from any process.
import { randomUUID } from 'node:crypto';
import { DBOS } from '@dbos-inc/dbos-sdk';
import { agentPartsOf } from '../agent/agentParts.js';
import type { Agent } from '../agent/createAgent.js';
import { ConfigurationError } from '../errors.js';
import { assertSessionId } from '../session/sessionId.js';
import type { RunOutput } from '../types.js';
import { outsideWorkflows } from './asyncContext.js';
import { registerCancelRequests, requestCancel } from './cancelRequests.js';
import { sendControl } from './controlMessages.js';
import { durableTools } from './durableTools.js';
import { executionOf, runDurableWorkflow, type DurableAgentParts, type DurableRunInput } from './durableRun.js';
import { durableRunHandle, type DurableRunHandle } from './durableRunHandle.js';

/** Options of `registerDurableAgent`. */
export interface DurableAgentOptions {
  /**
   * A DBOS queue shared by every worker: `start` enqueues there and any worker with a free slot
   * runs the Run. `concurrency` is the limit over all workers, `workerConcurrency` per worker.
   * `pollingIntervalMs` is how often each worker looks for work at least (DBOS's default 1000).
   * Without it a Run runs in the process that starts it.
   */
  queue?: { name: string; concurrency?: number; workerConcurrency?: number; pollingIntervalMs?: number };
}

/** Options of `DurableAgent.start`. */
export interface DurableStartOptions {
  /** Load this session's history first, then append the Run's messages to it. */
  sessionId?: string;
  /** The workflow's id, which is the Run's id. Default: a random UUID. Starting an id twice gives the same Run. */
  workflowId?: string;
}

/** The durable face of an agent: its Runs are DBOS workflows. */
export interface DurableAgent {
  readonly name: string;
  /** Starts a Run (on the queue, when one is configured) and returns its handle. */
  start(input: string, options?: DurableStartOptions): Promise<DurableRunHandle>;
  /** A handle on a Run of this or any process. */
  handle(workflowId: string): DurableRunHandle;
  /** Approves call `callId` of Run `workflowId`, wherever it runs or waits. */
  approve(workflowId: string, callId: string, reason?: string): Promise<void>;
  /** Denies call `callId` of Run `workflowId` (`reason` is told to the model). */
  deny(workflowId: string, callId: string, reason?: string): Promise<void>;
  /**
   * Cancels Run `workflowId` wherever it runs: its running tools get their signal, its calls
   * without results get `cancelled` results naming `reason`, and `result()` rejects with a
   * RunError whose code is `cancelled`. Resolves once the request is recorded.
   */
  cancel(workflowId: string, reason?: string): Promise<void>;
}

/**
 * Registers the Runs of the agent `createAgent` builds as the DBOS workflow `tinyagent.<name>`.
 * Call it before `DBOS.launch()`, with the same name, in every worker; the agent is built once
 * per process, on its first Run.
 * @example
 * import { DBOS } from '@dbos-inc/dbos-sdk';
 * import { createAgent } from '../agent/createAgent.js';
 * import { PostgresSessionStore } from '../postgres/postgresSessionStore.js';
 * const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://localhost/app';
 * const support = registerDurableAgent('support', () => createAgent({ provider, tools, sessionStore: new PostgresSessionStore({ connectionString: DATABASE_URL }) }));
 * DBOS.setConfig({ name: 'my-app', systemDatabaseUrl: DATABASE_URL });
 * await DBOS.launch();
 * const handle = await support.start('Refund order 42', { sessionId: 'user-7' });
 * const output = await handle.result();
 */
export function registerDurableAgent(name: string, createAgent: () => Agent, options: DurableAgentOptions = {}): DurableAgent {
  if (typeof name !== 'string' || !/^[A-Za-z0-9_.-]{1,100}$/.test(name)) throw new ConfigurationError(`registerDurableAgent: name must match [A-Za-z0-9_.-]{1,100}, got ${JSON.stringify(name)}`);
  if (typeof createAgent !== 'function') throw new ConfigurationError('registerDurableAgent: createAgent must be a function that returns an agent');
  registerCancelRequests();
  let parts: DurableAgentParts | undefined;
  const partsOfAgent = (): DurableAgentParts => {
    if (parts) return parts;
    const agent = createAgent();
    const agentParts = agentPartsOf(agent);
    if (!agentParts) throw new ConfigurationError(`registerDurableAgent("${name}"): createAgent must return an agent made by createAgent()`);
    parts = { ...agentParts, durableTools: durableTools(agentParts.tools, executionOf) };
    return parts;
  };
  const workflow = DBOS.registerWorkflow((run: DurableRunInput): Promise<RunOutput> => runDurableWorkflow(partsOfAgent(), run), { name: `tinyagent.${name}` });

  const { queue } = options;
  let queueReady: Promise<unknown> | undefined;
  const ensureQueue = () =>
    (queueReady ??= outsideWorkflows(() =>
      DBOS.registerQueue(queue!.name, {
        globalConcurrency: queue!.concurrency,
        workerConcurrency: queue!.workerConcurrency,
        ...(queue!.pollingIntervalMs === undefined ? {} : { minPollingIntervalMs: queue!.pollingIntervalMs }),
        onConflict: 'always_update',
      }),
    ).catch((error: unknown) => {
      queueReady = undefined;
      throw error;
    }));
  if (queue) DBOS.registerLifecycleCallback({ initialize: async () => void (await ensureQueue()) });

  return {
    name,
    async start(input, { sessionId, workflowId = randomUUID() } = {}) {
      if (typeof input !== 'string') throw new ConfigurationError('start: input must be a string');
      if (sessionId !== undefined) assertSessionId(sessionId);
      if (queue) await ensureQueue();
      const run: DurableRunInput = sessionId === undefined ? { input } : { input, sessionId };
      const handle = await outsideWorkflows(() => DBOS.startWorkflow(workflow, { workflowID: workflowId, ...(queue ? { queueName: queue.name } : {}) })(run));
      return durableRunHandle(handle.workflowID);
    },
    handle: (workflowId) => durableRunHandle(workflowId),
    approve: (workflowId, callId, reason) => sendControl(workflowId, { type: 'approval', callId, approved: true, ...(reason === undefined ? {} : { reason }) }),
    deny: (workflowId, callId, reason) => sendControl(workflowId, { type: 'approval', callId, approved: false, ...(reason === undefined ? {} : { reason }) }),
    async cancel(workflowId, reason = 'cancelled') {
      await requestCancel(workflowId, reason);
      await sendControl(workflowId, { type: 'cancel', reason });
    },
  };
}
