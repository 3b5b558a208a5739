// A Run's lease on its session: fenced, conditional and retryable writes through the channel
// it holds for its whole life (docs/design.md, "Durability").
import { randomUUID } from 'node:crypto';
import { SessionErrorCode } from '../codes.js';
import { SessionError } from '../errors.js';
import type { Message, RunStatus, ToolMessage } from '../types.js';
import { decideLeaseWrite, superseded, type LeaseWrite } from './leaseProtocol.js';
import { assertMessages, encodeMessages } from './messageShape.js';
import { markLease } from './processHolder.js';
import type { RecordChannel } from './recordBackend.js';
import { messageRecord, type SessionRecord } from './sessionRecord.js';
import type { CallStart, RunCheckpoint, SessionLease } from './sessionStore.js';
import { viewRecords } from './sessionView.js';

/** A write whose outcome is unknown: retried under the same id, or known to have landed or not. */
interface PendingWrite {
  id: string;
  text: string;
}

/** Creates the id of a new lease. */
export function newLeaseId(): string {
  return randomUUID();
}

export class ChannelLease implements SessionLease {
  readonly sessionId: string;
  readonly runId: string;
  readonly leaseId: string;
  readonly repaired: readonly ToolMessage[];
  #length: number;
  #writes = 0;
  #uncertain: PendingWrite | undefined;
  #over = false;
  readonly #channel: RecordChannel;
  // One write at a time, in call order: each is conditional on the length the one before left.
  #queue: Promise<unknown> = Promise.resolve();

  constructor(init: { sessionId: string; runId: string; leaseId: string; repaired: ToolMessage[]; length: number; channel: RecordChannel }) {
    this.sessionId = init.sessionId;
    this.runId = init.runId;
    this.leaseId = init.leaseId;
    this.repaired = init.repaired;
    this.#length = init.length;
    this.#channel = init.channel; // its lease id is marked live by the acquisition, before its record is written
  }

  get length(): number {
    return this.#length;
  }

  append(messages: readonly Message[], checkpoint?: RunCheckpoint): Promise<void> {
    assertMessages(this.sessionId, messages);
    const records = encodeMessages(this.sessionId, () => JSON.parse(JSON.stringify(messages.map((message) => messageRecord(message)))) as SessionRecord[]);
    if (checkpoint !== undefined) records.push(this.#checkpointRecord(checkpoint));
    return this.#write(records);
  }

  recordCallStarted(calls: CallStart | readonly CallStart[]): Promise<void> {
    const list: readonly CallStart[] = Array.isArray(calls) ? calls : [calls as CallStart];
    return this.#write(list.map(({ callId, toolName, iteration, idempotencyKey }) => ({ type: 'call_started', runId: this.runId, callId, toolName, iteration, idempotencyKey })));
  }

  recordCheckpoint(checkpoint: RunCheckpoint): Promise<void> {
    return this.#write([this.#checkpointRecord(checkpoint)]);
  }

  async finish(status: RunStatus): Promise<void> {
    await this.#write([
      { type: 'run_finished', runId: this.runId, status },
      { type: 'released', leaseId: this.leaseId },
    ]);
    await this.#end();
  }

  async release(): Promise<void> {
    if (this.#over) return;
    await this.#write([{ type: 'released', leaseId: this.leaseId }], true);
    await this.#end();
  }

  #checkpointRecord({ iterations, usage, pendingApprovals = [], spent }: RunCheckpoint): SessionRecord {
    return {
      type: 'checkpoint',
      runId: this.runId,
      iterations,
      ...(usage === undefined ? {} : { usage: { ...usage } }),
      pendingApprovals: [...pendingApprovals],
      ...(spent === undefined ? {} : { spent: { ...spent } }),
    };
  }

  #write(records: SessionRecord[], release = false): Promise<void> {
    const text = JSON.stringify(records);
    const run = this.#queue.then(async () => {
      if (this.#over) throw superseded(this.sessionId, { leaseId: this.leaseId, runId: this.runId, holder: {}, released: true });
      // The same write again after an unknown outcome keeps its id, so a landed one is recognised.
      const retry = this.#uncertain?.text === text ? this.#uncertain : undefined;
      const write: LeaseWrite = {
        sessionId: this.sessionId,
        leaseId: this.leaseId,
        id: retry?.id ?? `${this.leaseId}.${++this.#writes}`,
        records,
        expectedLength: this.#length,
        ...(this.#uncertain === undefined || retry !== undefined ? {} : { uncertain: this.#uncertain.id }),
        release,
      };
      try {
        this.#length = await this.#channel.update(async (current) => decideLeaseWrite(viewRecords(current), write));
        this.#uncertain = undefined;
      } catch (error) {
        if (error instanceof SessionError && error.code === SessionErrorCode.superseded) {
          await this.#end();
          throw error;
        }
        // Refused before writing (a conflict) or unknown (I/O): either way a retry is safe.
        if (!(error instanceof SessionError && error.code === SessionErrorCode.conflict)) this.#uncertain = { id: write.id, text };
        throw error;
      }
    });
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #end(): Promise<void> {
    this.#over = true;
    markLease(this.leaseId, false);
    await this.#channel.close();
  }
}
