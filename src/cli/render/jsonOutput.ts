// `--output-format json` and `stream-json`: the `init` record, each RunEvent with the session
// id added, and the `result` object, each one JSON line.
import type { RunEvent, RunOutput } from '../../index.js';
import type { RunTally } from './runTally.js';

/** The first line of `stream-json`. */
export interface InitRecord {
  type: 'init';
  sessionId: string;
  runId: string;
  model: string;
  /** Names of the tools offered. */
  tools: string[];
  cwd: string;
  /** The tinyagent version. */
  version: string;
}

/** The last line of `stream-json`, and the only one of `json`. */
export interface ResultRecord {
  type: 'result';
  status: RunOutput['status'];
  /** The answer (for a cancelled Run, the text streamed before the cancel, if any). */
  result?: string;
  sessionId: string;
  runId: string;
  usage?: RunOutput['usage'];
  /** Tool batches executed, as in RunOutput. */
  iterations: number;
  /** Provider responses. */
  turns: number;
  toolCalls: number;
  /** Wall time of the Run, time spent waiting for approvals excluded. */
  durationMs: number;
  /** Set when the Run did not complete. */
  error?: { code: string; message: string };
}

/**
 * The result object of a finished Run.
 * @example
 * import { RunTally } from './runTally.js';
 * const output = { runId: 'r1', status: 'completed', text: 'Done.', iterations: 0, messages: [] } as const;
 * resultRecord({ ...output, messages: [] }, 'chat', new RunTally()).result // 'Done.'
 */
export function resultRecord(output: RunOutput, sessionId: string, tally: RunTally): ResultRecord {
  return {
    type: 'result',
    status: output.status,
    ...(output.text === undefined ? {} : { result: output.text }),
    sessionId,
    runId: output.runId,
    ...(output.usage === undefined ? {} : { usage: output.usage }),
    iterations: output.iterations,
    turns: tally.turns,
    toolCalls: tally.toolCalls,
    durationMs: tally.durationMs,
    ...(output.status === 'completed' || output.error === undefined ? {} : { error: { code: output.error.code, message: output.error.message } }),
  };
}

/**
 * A RunEvent as `stream-json` prints it: as `agent.stream` gave it, with the session id added.
 * @example withSessionId({ type: 'text.delta', runId: 'r1', seq: 1, time: 0, delta: 'Hi' }, 'chat').sessionId // 'chat'
 */
export function withSessionId(event: RunEvent, sessionId: string): RunEvent & { sessionId: string } {
  return { ...event, sessionId };
}
