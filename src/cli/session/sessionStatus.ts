// What a session's messages say about how its last Run ended, for `sessions list`: the
// session is the audit trail, so a Run that failed before any answer still leaves one.
import type { Message } from '../../index.js';

/**
 * - `answered`: the last message is the model's answer;
 * - `no answer`: the last message is the user's (the Run failed or was cancelled before the model answered);
 * - `unfinished`: the last message is a tool result (the Run stopped at a limit, a cancel or a failure);
 * - `interrupted`: tool calls without results (the process died during a batch);
 * - `empty`: no messages.
 */
export type SessionStatus = 'answered' | 'no answer' | 'unfinished' | 'interrupted' | 'empty';

/**
 * The status of a session from its messages.
 * @example sessionStatus([{ role: 'user', content: 'hi' }]) // 'no answer'
 */
export function sessionStatus(messages: readonly Message[]): SessionStatus {
  const last = messages.at(-1);
  if (!last) return 'empty';
  switch (last.role) {
    case 'assistant':
      return (last.toolCalls?.length ?? 0) > 0 ? 'interrupted' : 'answered';
    case 'tool':
      return 'unfinished';
    default:
      return 'no answer';
  }
}
