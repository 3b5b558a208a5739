// A lease write whose outcome is unknown (the store wrote it but the acknowledgement was lost,
// or it failed before writing) can be retried: it lands exactly once. Writes are conditional on
// the length the lease knows, so a record that came from elsewhere is a conflict, not overwritten.
import { describe, expect, it } from 'vitest';
import { decideAcquire } from '../../src/session/leaseProtocol.js';
import type { RecordChannel } from '../../src/session/recordBackend.js';
import { ChannelLease } from '../../src/session/sessionLease.js';
import type { SessionRecord } from '../../src/session/sessionRecord.js';
import { viewRecords } from '../../src/session/sessionView.js';
import type { Message } from '../../src/types.js';

type Fault = 'lostAck' | 'beforeWrite' | undefined;

// A channel over an array whose next update can fail after or before it writes.
function faultyChannel(records: SessionRecord[]): { channel: RecordChannel; failNext(fault: Fault): void } {
  let fault: Fault;
  const channel: RecordChannel = {
    holder: { host: 'h', pid: 1, process: 'p' },
    async update(update) {
      const current = fault;
      fault = undefined;
      if (current === 'beforeWrite') throw new Error('EIO before the write');
      const { append, result } = await update([...records]);
      records.push(...append);
      if (current === 'lostAck') throw new Error('connection lost after COMMIT');
      return result;
    },
    isGone: async () => false,
    close: async () => undefined,
  };
  return { channel, failNext: (next) => (fault = next) };
}

async function leaseOn(records: SessionRecord[]) {
  const { channel, failNext } = faultyChannel(records);
  const request = { runId: 'r1', leaseId: 'l1', holder: channel.holder, takeOver: false };
  const { append, result } = await decideAcquire(viewRecords(records), request, async () => false);
  records.push(...append);
  const lease = new ChannelLease({ sessionId: 's', runId: 'r1', leaseId: 'l1', channel, ...(result as { repaired: []; length: number }) });
  return { lease, failNext };
}

const first: Message = { role: 'user', content: 'first' };
const second: Message = { role: 'assistant', content: 'second' };
const messagesOf = (records: SessionRecord[]) => viewRecords(records).messages;

describe('a lease write with an unknown outcome', () => {
  it('that landed: the retry is acknowledged and writes nothing', async () => {
    const records: SessionRecord[] = [];
    const { lease, failNext } = await leaseOn(records);
    failNext('lostAck');
    await expect(lease.append([first])).rejects.toThrow('connection lost');
    await lease.append([first]);
    expect(messagesOf(records)).toEqual([first]);
    expect(lease.length).toBe(records.length);
  });

  it('that did not land: the retry writes it, once', async () => {
    const records: SessionRecord[] = [];
    const { lease, failNext } = await leaseOn(records);
    failNext('beforeWrite');
    await expect(lease.append([first])).rejects.toThrow('EIO');
    await lease.append([first]);
    await lease.append([first]); // a second, new write of the same message is a new write
    expect(messagesOf(records)).toEqual([first, first]);
  });

  it('followed by a different write: that one is conditional on the length after the landed one', async () => {
    const records: SessionRecord[] = [];
    const { lease, failNext } = await leaseOn(records);
    failNext('lostAck');
    await expect(lease.append([first])).rejects.toThrow();
    await lease.append([second]);
    expect(messagesOf(records)).toEqual([first, second]);
  });

  it('is never confused with a record written by someone else: that is session_conflict, and nothing is written', async () => {
    const records: SessionRecord[] = [];
    const { lease } = await leaseOn(records);
    records.push({ type: 'message', message: { role: 'user', content: 'from elsewhere' } });
    await expect(lease.append([first])).rejects.toMatchObject({ code: 'session_conflict' });
    expect(messagesOf(records)).toEqual([{ role: 'user', content: 'from elsewhere' }]);
  });
});
