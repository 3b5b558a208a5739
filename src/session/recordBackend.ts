// What a durable store must provide for the shared lease logic (leasedStore.ts): reading a
// session's records, and channels that update one session atomically.
import type { Holder, SessionRecord } from './sessionRecord.js';
import type { RecordedOwner } from './sessionView.js';

/** One update: given the session's current records, returns what to append and a result. */
export type RecordUpdate<T> = (records: readonly SessionRecord[]) => Promise<{ append: SessionRecord[]; result: T }>;

/** The storage under a durable store. */
export interface RecordBackend {
  /** The session's complete records; `[]` when it was never written. Only reads. */
  read(sessionId: string): Promise<SessionRecord[]>;
  /** A channel to write `sessionId` through: one per lease, for its whole life. */
  open(sessionId: string): Promise<RecordChannel>;
}

/** Writes one session; a lease's writes all go through its channel. */
export interface RecordChannel {
  /** Who writes through this channel, as recorded in an acquisition. */
  readonly holder: Holder;
  /**
   * Runs `update` on the session's records while no other writer can change them, then
   * appends what it returned, durably, before resolving. Appends nothing if it throws.
   */
  update<T>(update: RecordUpdate<T>): Promise<T>;
  /** Whether a recorded owner is provably gone; call only from inside `update`. */
  isGone(owner: RecordedOwner): Promise<boolean>;
  /** Frees what the channel holds (a connection). Idempotent. */
  close(): Promise<void>;
}
