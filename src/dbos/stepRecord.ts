// What a durable step records: its value or its error (never thrown through DBOS, so a replay
// returns exactly what the first execution saw), the time it ended (the Run's clock inside the
// workflow), and the cancel reason if the Run was cancelled while it ran.
import { describeValue } from '../describeValue.js';

/** One recorded step outcome (JSON). */
export type StepRecord<T> =
  | { at: number; cancel?: string; value: T }
  | { at: number; cancel?: string; error: { name: string; message: string; code?: string } }
  | { at: number; cancel: string; skipped: true };

/** An error as a step records it: name, message and code, the parts a Run reads. */
export function recordError(error: unknown): { name: string; message: string; code?: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return { name: error.name, message: error.message, ...(typeof code === 'string' ? { code } : {}) };
  }
  return { name: 'Error', message: typeof error === 'string' ? error : describeValue(error) };
}

/** The Error a replay throws for a recorded error. */
export function reviveError(recorded: { name: string; message: string; code?: string }): Error {
  const error = new Error(recorded.message);
  error.name = recorded.name;
  if (recorded.code !== undefined) Object.assign(error, { code: recorded.code });
  return error;
}
