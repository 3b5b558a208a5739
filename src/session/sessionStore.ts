// The seam between a Run and wherever its messages are kept, and the durable part of it: a
// Run's ownership of its session (a lease, fenced) and the records a resume needs
// (docs/design.md, "Sessions and repair" and "Durability").
import type { Message, RunSpending, RunStatus, ToolCallRequest, ToolMessage, Usage } from '../types.js';

/**
 * Keeps sessions: a session is the ordered list of messages of every Run that used its id.
 * Ids match `^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$`; every method rejects any other id
 * with a `SessionError` (`invalid_session_id`).
 *
 * `load` and `append` are all a store needs for Runs that are not durable. A durable store
 * (`DurableSessionStore`: the three stores that ship) adds `acquire` and `loadRunState`.
 * @example
 * import { MemorySessionStore } from 'tinyagent';
 * const store: SessionStore = new MemorySessionStore();
 * await store.append('demo', [{ role: 'user', content: 'hi' }]);
 * await store.load('demo'); // [{ role: 'user', content: 'hi' }]
 */
export interface SessionStore {
  /** The session's messages in order; `[]` for a session never written. Only reads, never repairs. */
  load(sessionId: string): Promise<Message[]>;
  /**
   * Adds `messages` at the end of the session; resolves once they are stored. A durable store
   * refuses it (after waiting its lock timeout, `session_locked`) while a live lease owns the session.
   */
  append(sessionId: string, messages: readonly Message[]): Promise<void>;
  /**
   * Takes the session for one Run's whole life. Waits (at most the lock timeout) while another
   * live lease owns it, then fails with `session_locked`. A dead owner's session is taken
   * over at once; a live one only with `takeOver` for the same `runId`. A new Run (not the
   * session's unfinished one) repairs what a dead Run left: its calls without results get
   * `interrupted` results (`SessionLease.repaired`) and that Run is marked finished.
   */
  acquire?(sessionId: string, options: AcquireOptions): Promise<SessionLease>;
  /** The session's unfinished Run, or `undefined` when there is none. Only reads. */
  loadRunState?(sessionId: string): Promise<UnfinishedRun | undefined>;
}

/** A store that keeps Runs durable: `acquire` and `loadRunState` are there. */
export type DurableSessionStore = SessionStore & Required<Pick<SessionStore, 'acquire' | 'loadRunState'>>;

/** Options of `SessionStore.acquire`. */
export interface AcquireOptions {
  /** The Run that will own the session. */
  runId: string;
  /**
   * Resume or restore of `runId`: supersede its earlier owner even when that one is alive
   * (its later writes are refused with `session_superseded`). Owners of other Runs are never
   * taken over while alive.
   */
  takeOver?: boolean;
  /** How long to wait for a live owner; default the store's `lockTimeoutMs`. */
  lockTimeoutMs?: number;
  /** Aborting it stops the wait (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** A Run's hold on its session. Every write is fenced and conditional; see each method. */
export interface SessionLease {
  readonly sessionId: string;
  readonly runId: string;
  /** Unique per acquisition: the fencing token that its writes carry. */
  readonly leaseId: string;
  /** The `interrupted` results this acquisition wrote for a dead Run's calls (in session order). */
  readonly repaired: readonly ToolMessage[];
  /** Records in the session after this lease's last acknowledged write (the condition of the next one). */
  readonly length: number;
  /**
   * Appends `messages` (with the Run's checkpoint in the same atomic write, when given). Refused
   * with `session_superseded` when a newer lease owns the session (nothing reaches the store),
   * `session_conflict` when the session's length is not `length`. After a failure whose outcome
   * is unknown (an I/O error), calling it again with the same arguments is safe: a write that
   * did land is acknowledged, never written twice.
   */
  append(messages: readonly Message[], checkpoint?: RunCheckpoint): Promise<void>;
  /**
   * Records that a call (or the calls of a concurrent batch, in one write) is about to start,
   * just before `execute`. Fenced and retryable like `append`.
   */
  recordCallStarted(call: CallStart | readonly CallStart[]): Promise<void>;
  /** Records the Run's counters and its calls that wait for approval. Fenced and retryable like `append`. */
  recordCheckpoint(checkpoint: RunCheckpoint): Promise<void>;
  /** Marks the Run finished (it can no longer be resumed) and releases the session. */
  finish(status: RunStatus): Promise<void>;
  /** Gives the session up without finishing the Run: it stays resumable. Idempotent; refused writes after it. */
  release(): Promise<void>;
}

/** What `recordCallStarted` records. */
export interface CallStart {
  callId: string;
  toolName: string;
  iteration: number;
  /** `ToolContext.idempotencyKey` of the call. */
  idempotencyKey: string;
}

/** The Run-level state a resume continues from. */
export interface RunCheckpoint {
  /** Tool batches executed so far. */
  iterations: number;
  usage?: Usage;
  /** Ids of the calls waiting for a person's answer. Default: none. */
  pendingApprovals?: readonly string[];
  /** What the Run has spent against its budgets (docs/budgets.md), so a resumed Run goes on from there. */
  spent?: RunSpending;
}

/** What a resumer needs of the session's unfinished Run (`loadRunState`). */
export interface UnfinishedRun {
  sessionId: string;
  runId: string;
  /** The session's messages, as `load` returns them. */
  messages: Message[];
  /** Index in `messages` of the Run's first message (its input). */
  runStart: number;
  /** The calls of the last assistant message that have no result, in call order. */
  openCalls: ToolCallRequest[];
  /** Those of `openCalls` whose start was recorded (they may have run), keyed by call id. */
  startedCalls: Record<string, CallStart>;
  /** The Run's last checkpoint; `{ iterations: 0 }` when none was recorded. */
  checkpoint: RunCheckpoint & { pendingApprovals: readonly string[] };
  /** Whether the Run's last owner released the session (a stop) rather than vanished (a crash) or still holding it. */
  released: boolean;
}
