// A tool that calls `agent.run` on the session of the Run that called it would wait for
// that Run, which waits for the tool: a silent deadlock. Each Run on a session carries a
// mark through its async context, so a Run started from inside it is recognised and
// refused at once instead of queued forever.
import { AsyncLocalStorage } from 'node:async_hooks';

interface HeldSession {
  readonly owner: object;
  readonly sessionId: string;
  /** False once the Run ends: work it left behind may use the session again. */
  active: boolean;
}

const held = new AsyncLocalStorage<readonly HeldSession[]>();

/**
 * Whether the code running now was started by a Run (of `owner`) that is still running on `sessionId`.
 * @example
 * const owner = {}; // the agent whose Runs hold sessions
 * if (isInsideRunOn(owner, 'chat-1')) throw new Error('would wait for itself');
 */
export function isInsideRunOn(owner: object, sessionId: string): boolean {
  return held.getStore()?.some((mark) => mark.active && mark.owner === owner && mark.sessionId === sessionId) ?? false;
}

/**
 * Runs `work` (which starts a Run on `sessionId`) with that session marked as held until
 * the returned promise settles; everything `work` starts, tools included, sees the mark.
 * @example
 * const owner = {}; // the agent whose Runs hold sessions
 * await holdingSession(owner, 'chat-1', async () => isInsideRunOn(owner, 'chat-1')) // true
 */
export function holdingSession<T>(owner: object, sessionId: string, work: () => Promise<T>): Promise<T> {
  const mark: HeldSession = { owner, sessionId, active: true };
  const release = () => {
    mark.active = false;
  };
  const result = held.run([...(held.getStore() ?? []), mark], work);
  result.then(release, release);
  return result;
}
