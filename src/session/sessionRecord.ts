// The one append-only record stream of a session: its messages, and beside them what makes a
// Run durable (who owns the session, which calls started, the Run's counters, its end). Every
// store keeps exactly this stream; `load` returns its messages only.
import { isRecord } from '../isRecord.js';
import type { Message, RunStatus } from '../types.js';
import { messageProblem } from './messageShape.js';
import type { CallStart, RunCheckpoint } from './sessionStore.js';

/** Who holds a lease, as the store that granted it can judge whether it is gone. */
export type Holder = Record<string, string | number>;

/** A record of the stream. `write` is the id of the lease write that added it (retries are recognised by it). */
export type SessionRecord = (
  | { type: 'message'; message: Message }
  | { type: 'acquired'; runId: string; leaseId: string; holder: Holder }
  | { type: 'released'; leaseId: string }
  | ({ type: 'call_started'; runId: string } & CallStart)
  | ({ type: 'checkpoint'; runId: string } & RunCheckpoint)
  | { type: 'run_finished'; runId: string; status: RunStatus | 'interrupted' }
) & { write?: string };

/** A message as a record. */
export function messageRecord(message: Message, write?: string): SessionRecord {
  return write === undefined ? { type: 'message', message } : { type: 'message', message, write };
}

/**
 * What is wrong with `value` as a record, or `undefined` when it is one.
 * @example
 * recordProblem({ type: 'released', leaseId: 'l1' }); // undefined
 */
export function recordProblem(value: unknown): string | undefined {
  if (!isRecord(value)) return 'expected a record object';
  if (value.write !== undefined && typeof value.write !== 'string') return 'write must be a string';
  const text = (...names: string[]) => names.find((name) => typeof value[name] !== 'string');
  let missing: string | undefined;
  switch (value.type) {
    case 'message': {
      const problem = messageProblem(value.message);
      return problem === undefined ? undefined : `not a valid message: ${problem}`;
    }
    case 'acquired':
      missing = text('runId', 'leaseId') ?? (isRecord(value.holder) ? undefined : 'holder');
      break;
    case 'released':
      missing = text('leaseId');
      break;
    case 'call_started':
      missing = text('runId', 'callId', 'toolName', 'idempotencyKey') ?? (Number.isInteger(value.iteration) ? undefined : 'iteration');
      break;
    case 'checkpoint':
      missing = text('runId') ?? (Number.isInteger(value.iterations) ? undefined : 'iterations');
      break;
    case 'run_finished':
      missing = text('runId', 'status');
      break;
    default:
      return `unknown record type ${JSON.stringify(value.type)}`;
  }
  return missing === undefined ? undefined : `a "${String(value.type)}" record needs a valid "${missing}"`;
}
