// `ToolContext.idempotencyKey`: one string per tool call, the same on every attempt of that
// call in any process (docs/design.md, "Durability"). A call is named by its Run's id (kept in
// the session, and by a resume), the iteration it belongs to, and its id from the model (which
// providers may reuse across responses, hence the iteration). Hashed, so that it is short and
// fits the idempotency-key limits of payment and mail APIs (Stripe: 255 characters).
import { createHash } from 'node:crypto';

/**
 * The idempotency key of call `callId` of iteration `iteration` of Run `runId`: 32 hex digits.
 * @example
 * idempotencyKeyFor('run-1', 1, 'call_0'); // '9c0f…' (the same string every time)
 */
export function idempotencyKeyFor(runId: string, iteration: number, callId: string): string {
  return createHash('sha256').update(JSON.stringify(['tinyagent.call', runId, iteration, callId])).digest('hex').slice(0, 32);
}
