// The durable SessionStore behaviour shared by every store that ships: load, append, acquire
// and loadRunState over a RecordBackend. Stores differ only in their backend.
import { setTimeout as delay } from 'node:timers/promises';
import { SessionErrorCode } from '../codes.js';
import { ConfigurationError, SessionError } from '../errors.js';
import type { Message, ToolMessage } from '../types.js';
import { KeyedLock } from '../keyedLock.js';
import { decideAcquire, decidePlainAppend, type Acquired, type Busy } from './leaseProtocol.js';
import { assertMessages, encodeMessages } from './messageShape.js';
import { markLease } from './processHolder.js';
import type { RecordBackend } from './recordBackend.js';
import { assertSessionId } from './sessionId.js';
import { ChannelLease, newLeaseId } from './sessionLease.js';
import { messageRecord, type SessionRecord } from './sessionRecord.js';
import type { AcquireOptions, DurableSessionStore, SessionLease, UnfinishedRun } from './sessionStore.js';
import { openCalls, viewRecords, type RecordedOwner } from './sessionView.js';

/** Default of `lockTimeoutMs`. */
export const DEFAULT_LOCK_TIMEOUT_MS = 10_000;
const FIRST_POLL_MS = 2;
const MAX_POLL_MS = 100;

/** What an acquisition reports when it repaired a dead Run's calls. */
export interface SessionRepair {
  sessionId: string;
  /** The `interrupted` results appended for tool calls that had none, in session order. */
  repaired: ToolMessage[];
  /** The Run that repaired them (the new owner). */
  runId: string;
}

/** Options every durable store takes. */
export interface DurableStoreOptions {
  /**
   * How long `append` and `acquire` wait for a live owner (or for the file lock) before they
   * fail with `session_locked`. Default 10000 (ms).
   */
  lockTimeoutMs?: number;
  /**
   * Called when an acquisition repaired a dead Run's calls. Default: `process.emitWarning` with
   * code `TINYAGENT_SESSION_REPAIRED`. If it throws, the acquisition still stands (the repair is written).
   */
  onRepair?: (repair: SessionRepair) => void;
}

/**
 * Checks the options common to every durable store; returns them resolved.
 * @example
 * const { lockTimeoutMs } = resolveDurableOptions('MemorySessionStore', {});
 */
export function resolveDurableOptions(store: string, options: DurableStoreOptions | undefined): Required<DurableStoreOptions> {
  const { lockTimeoutMs = DEFAULT_LOCK_TIMEOUT_MS, onRepair = warnAboutRepair } = options ?? {};
  if (!Number.isInteger(lockTimeoutMs) || lockTimeoutMs < 0) {
    throw new ConfigurationError(`${store} \`lockTimeoutMs\` must be an integer >= 0, got ${String(lockTimeoutMs)}`);
  }
  if (typeof onRepair !== 'function') throw new ConfigurationError(`${store} \`onRepair\` must be a function`);
  return { lockTimeoutMs, onRepair };
}

/**
 * A durable store over a record backend; `MemorySessionStore`, `FileSessionStore` and
 * `PostgresSessionStore` are this class on their backends.
 */
export class LeasedSessions implements DurableSessionStore {
  readonly #backend: RecordBackend;
  readonly #options: Required<DurableStoreOptions>;
  // Plain appends and reads of one session run in call order: a load sees every append called before it.
  readonly #order = new KeyedLock();

  constructor(backend: RecordBackend, options: Required<DurableStoreOptions>) {
    this.#backend = backend;
    this.#options = options;
  }

  /** The session's messages; `[]` for a session never written. Only reads. */
  async load(sessionId: string): Promise<Message[]> {
    assertSessionId(sessionId);
    return this.#order.run(sessionId, async () => viewRecords(await this.#backend.read(sessionId)).messages);
  }

  /** Appends copies of `messages` in one durable write (waits while a live lease owns the session). */
  async append(sessionId: string, messages: readonly Message[]): Promise<void> {
    assertSessionId(sessionId);
    assertMessages(sessionId, messages);
    // Copied now: what the caller changes later does not leak in.
    const records = encodeMessages(sessionId, () => JSON.parse(JSON.stringify(messages.map((message) => messageRecord(message)))) as SessionRecord[]);
    if (records.length === 0) return;
    return this.#order.run(sessionId, async () => {
      const channel = await this.#backend.open(sessionId);
      try {
        await this.#untilFree(sessionId, this.#options.lockTimeoutMs, undefined, () =>
          channel.update((current) => decidePlainAppend(viewRecords(current), records, (owner) => channel.isGone(owner))),
        );
      } finally {
        await channel.close();
      }
    });
  }

  /** Takes the session for one Run (see `SessionStore.acquire`). */
  async acquire(sessionId: string, options: AcquireOptions): Promise<SessionLease> {
    assertSessionId(sessionId);
    const { runId, takeOver = false, lockTimeoutMs = this.#options.lockTimeoutMs, signal } = options ?? {};
    if (typeof runId !== 'string' || runId === '') throw new ConfigurationError('acquire needs a `runId`: the Run that will own the session');
    signal?.throwIfAborted();
    const channel = await this.#backend.open(sessionId);
    const leaseId = newLeaseId();
    // Live before its record is written: another acquisition in this process that reads the
    // record right after must not take this lease for one that is gone.
    markLease(leaseId, true);
    let acquired: Acquired;
    try {
      const request = { runId, leaseId, holder: channel.holder, takeOver };
      acquired = await this.#untilFree(sessionId, lockTimeoutMs, signal, () =>
        channel.update((current) => decideAcquire(viewRecords(current), request, (owner) => channel.isGone(owner))),
      );
    } catch (error) {
      markLease(leaseId, false);
      await channel.close();
      throw error;
    }
    const lease = new ChannelLease({ sessionId, runId, leaseId, channel, ...acquired });
    if (acquired.repaired.length > 0) {
      try {
        this.#options.onRepair({ sessionId, runId, repaired: acquired.repaired });
      } catch {
        // A throwing observer cannot undo a repair that is written.
      }
    }
    return lease;
  }

  /** The session's unfinished Run, or `undefined` when there is none. Only reads. */
  async loadRunState(sessionId: string): Promise<UnfinishedRun | undefined> {
    assertSessionId(sessionId);
    const view = viewRecords(await this.#order.run(sessionId, () => this.#backend.read(sessionId)));
    const run = view.lastRun;
    if (run === undefined || run.finished) return undefined;
    const open = openCalls(view.messages.slice(run.runStart));
    const { iterations = 0, usage, pendingApprovals = [], spent } = run.checkpoint ?? {};
    return {
      sessionId,
      runId: run.runId,
      messages: view.messages,
      runStart: run.runStart,
      openCalls: open,
      startedCalls: Object.fromEntries(open.flatMap((call) => (run.started.has(call.id) ? [[call.id, run.started.get(call.id)!]] : []))),
      checkpoint: {
        iterations,
        ...(usage === undefined ? {} : { usage }),
        pendingApprovals: pendingApprovals.filter((id) => open.some((call) => call.id === id)),
        ...(spent === undefined ? {} : { spent }),
      },
      released: view.owner?.runId === run.runId ? view.owner.released : true,
    };
  }

  // Retries `attempt` while a live owner is in the way, up to `timeoutMs`, then `session_locked`.
  async #untilFree<T>(sessionId: string, timeoutMs: number, signal: AbortSignal | undefined, attempt: () => Promise<T | Busy>): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (let poll = FIRST_POLL_MS; ; poll = Math.min(poll * 2, MAX_POLL_MS)) {
      const outcome = await attempt();
      if (!isBusy(outcome)) return outcome;
      if (Date.now() >= deadline) throw locked(sessionId, outcome.busy, timeoutMs);
      await delay(Math.min(poll, Math.max(1, deadline - Date.now())), undefined, { signal }).catch((error: unknown) => {
        throw signal?.aborted ? signal.reason : error;
      });
    }
  }
}

function isBusy(value: unknown): value is Busy {
  return typeof value === 'object' && value !== null && 'busy' in value;
}

function locked(sessionId: string, owner: RecordedOwner, timeoutMs: number): SessionError {
  const { host, pid } = owner.holder;
  const where = host === undefined ? '' : ` (process ${String(pid)} on host "${String(host)}")`;
  return new SessionError(
    SessionErrorCode.locked,
    `Session "${sessionId}" is owned by Run ${owner.runId}${where}, which is still alive; waited ${timeoutMs} ms. ` +
      'One Run writes a session at a time: wait for it to end, or resume that Run to take it over.',
    { details: { sessionId } },
  );
}

function warnAboutRepair({ sessionId, repaired, runId }: SessionRepair): void {
  const ids = repaired.map((result) => result.toolCallId).join(', ');
  process.emitWarning(
    `Session "${sessionId}": ${repaired.length} tool call(s) (${ids}) of a Run that is gone had no recorded result; ` +
      `Run ${runId} gave them "interrupted" error results.`,
    { type: 'TinyAgentWarning', code: 'TINYAGENT_SESSION_REPAIRED' },
  );
}
