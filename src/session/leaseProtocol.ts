// The lease protocol, the same for every store: what an acquisition, a fenced write or a plain
// append may add to a session, decided on the view of its records while the store holds that
// session exclusively for the one update (a file lock, a row lock, a synchronous step).
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import type { ToolMessage } from '../types.js';
import { repairInterruptedCalls } from './repairSession.js';
import type { Holder, SessionRecord } from './sessionRecord.js';
import { messageRecord } from './sessionRecord.js';
import type { RecordedOwner, SessionView } from './sessionView.js';

/** Whether the recorded owner is provably gone (its process or connection no longer exists). */
export type OwnerGone = (owner: RecordedOwner) => Promise<boolean>;

/** The outcome of one update: what to append, and what the caller learns. */
export interface Decision<T> {
  append: SessionRecord[];
  result: T;
}

/** A live owner is in the way: wait for it, or give up with `session_locked`. */
export interface Busy {
  busy: RecordedOwner;
}

export interface AcquireRequest {
  runId: string;
  leaseId: string;
  holder: Holder;
  takeOver: boolean;
}

export interface Acquired {
  repaired: ToolMessage[];
  /** The records after the acquisition. */
  length: number;
}

/**
 * An acquisition: taken when nobody holds the session, its owner is gone, or `takeOver` names
 * the owner's own Run. A new Run first repairs the unfinished Run it replaces.
 */
export async function decideAcquire(view: SessionView, request: AcquireRequest, ownerGone: OwnerGone): Promise<Decision<Acquired | Busy>> {
  const { owner, lastRun } = view;
  if (owner !== undefined && !owner.released) {
    const mayTakeOver = request.takeOver && owner.runId === request.runId;
    if (!mayTakeOver && !(await ownerGone(owner))) return { append: [], result: { busy: owner } };
  }
  const append: SessionRecord[] = [];
  let repaired: ToolMessage[] = [];
  const resuming = lastRun !== undefined && !lastRun.finished && lastRun.runId === request.runId;
  if (!resuming) {
    repaired = trailingRepairs(view);
    append.push(...repaired.map((message) => messageRecord(message)));
    if (lastRun !== undefined && !lastRun.finished) append.push({ type: 'run_finished', runId: lastRun.runId, status: 'interrupted' });
  }
  append.push({ type: 'acquired', runId: request.runId, leaseId: request.leaseId, holder: request.holder });
  return { append, result: { repaired, length: view.length + append.length } };
}

/** A write of a lease: a retry that already landed is acknowledged; any other is fenced, then conditional. */
export interface LeaseWrite {
  sessionId: string;
  leaseId: string;
  /** Unique per write of the lease; the same on every retry of it. */
  id: string;
  records: SessionRecord[];
  /** The session's length the lease knows of. */
  expectedLength: number;
  /** A former write whose outcome is unknown: if it landed, the length after it is the one expected. */
  uncertain?: string;
  /** A release: refused by nobody (a superseded lease has nothing left to release). */
  release?: boolean;
}

/** Decides a lease write; the result is the session's length after it. */
export function decideLeaseWrite(view: SessionView, write: LeaseWrite): Decision<number> {
  const landed = view.writeEnd(write.id);
  if (landed !== undefined) return { append: [], result: view.length };
  const { owner } = view;
  if (owner?.leaseId !== write.leaseId || owner.released) {
    if (write.release) return { append: [], result: view.length };
    throw superseded(write.sessionId, owner);
  }
  const expected = (write.uncertain === undefined ? undefined : view.writeEnd(write.uncertain)) ?? write.expectedLength;
  if (view.length !== expected) {
    throw new SessionError(
      SessionErrorCode.conflict,
      `Session "${write.sessionId}" has ${view.length} records where this lease expected ${expected}: ` +
        'something wrote to it without holding it. Nothing was written.',
      { details: { sessionId: write.sessionId } },
    );
  }
  const append = write.records.map((record) => ({ ...record, write: write.id }));
  return { append, result: view.length + append.length };
}

/** A plain `append`, outside any lease: only while no live lease owns the session. */
export async function decidePlainAppend(view: SessionView, records: SessionRecord[], ownerGone: OwnerGone): Promise<Decision<Busy | undefined>> {
  const { owner } = view;
  if (owner !== undefined && !owner.released && !(await ownerGone(owner))) return { append: [], result: { busy: owner } };
  return { append: records, result: undefined };
}

/** The refusal of a write by a lease that a newer one replaced (or that was released). */
export function superseded(sessionId: string, owner: RecordedOwner | undefined): SessionError {
  const by = owner === undefined ? 'nobody holds it now' : owner.released ? `lease ${owner.leaseId} released it` : `Run ${owner.runId} (lease ${owner.leaseId}) owns it now`;
  return new SessionError(
    SessionErrorCode.superseded,
    `This lease no longer owns session "${sessionId}": ${by}. The write was refused; nothing reached the store.`,
    { details: { sessionId } },
  );
}

// The `interrupted` results an append can add: for calls without results at the session's end.
function trailingRepairs(view: SessionView): ToolMessage[] {
  const { messages, repaired } = repairInterruptedCalls(view.messages);
  if (repaired.length === 0) return [];
  const added = new Set<unknown>(repaired);
  let start = messages.length;
  while (start > 0 && added.has(messages[start - 1])) start -= 1;
  return messages.slice(start) as ToolMessage[];
}
