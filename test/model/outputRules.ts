// The typed-output rules of the contract (docs/output.md), written for the oracle without the
// machine's code: from the replies of a path alone, which turn is the last one (only
// final_answer offered; none of its calls runs as a tool), which answers are accepted or
// refused, and how the Run ends.
import type { RunLimits } from '../../src/index.js';
import type { RunPath } from './runModel.js';
import { replies } from './runPayloads.js';

type ModelCall = { id: string; name: string; arguments: string };

/** What a reply means for the answer, turn by turn. */
export interface AnswerTurn {
  /** The reply was given in the last turn. */
  finalTurn: boolean;
  /** The result code each call of the reply gets from the output rules ('ok' accepted); absent for calls that run as tools. */
  codes: Map<string, string>;
}

export interface OutputVerdict {
  turns: AnswerTurn[];
  /** How the answer ends the Run, if the replies decide it. */
  end: { status: 'completed' } | { status: 'failed'; code: 'output_invalid' | 'output_missing' } | undefined;
}

const validAnswer = (args: string) => {
  try {
    return Number.isInteger((JSON.parse(args) as { n?: unknown }).n);
  } catch {
    return false;
  }
};

/**
 * Follows the answer through the replies of `path` given by its first `steps` steps.
 * @example outputVerdict(path, limits, path.steps.length).end
 */
export function outputVerdict(path: RunPath, limits: RunLimits, steps: number): OutputVerdict {
  const maxRetries = path.set.output?.maxOutputRetries ?? 2;
  const native = path.set.output?.outputMode === 'native';
  const turns: AnswerTurn[] = [];
  let batches = 0;
  let refused = 0;
  let finalTurn = limits.maxIterations === 0;
  let end: OutputVerdict['end'];
  for (let step = 1; step < steps && end === undefined; step++) {
    const { stimulus } = path.steps[step]!.event;
    if (stimulus.kind !== 'reply') continue;
    const response = replies[stimulus.reply](stimulus.batch) as { text?: string; toolCalls?: ModelCall[] };
    const calls = response.toolCalls ?? [];
    const answers = calls.filter((call) => call.name === 'final_answer');
    const codes = new Map<string, string>();
    turns.push({ finalTurn, codes });
    // Mode 'native': a text answer is judged as JSON, in any turn; calls in the last turn give no answer.
    if (native && calls.length === 0) {
      if (validAnswer(response.text ?? '')) end = { status: 'completed' };
      else if (++refused > maxRetries) end = { status: 'failed', code: 'output_invalid' };
      continue;
    }
    if (native && finalTurn) {
      for (const call of calls) codes.set(call.id, 'tool_iteration_limit');
      end = { status: 'failed', code: 'output_missing' };
      continue;
    }
    if (finalTurn) {
      const first = answers[0];
      for (const call of calls) codes.set(call.id, call === first ? (validAnswer(call.arguments) ? 'ok' : 'invalid_arguments') : 'tool_iteration_limit');
      if (first === undefined) end = { status: 'failed', code: 'output_missing' };
      else if (validAnswer(first.arguments)) end = { status: 'completed' };
      else if (++refused > maxRetries) end = { status: 'failed', code: 'output_invalid' };
      finalTurn = batches >= limits.maxIterations;
      continue;
    }
    // A text answer leads to the last turn; a batch runs every call, then an accepted answer is taken.
    if (calls.length === 0) {
      finalTurn = true;
      continue;
    }
    batches++;
    for (const call of answers) codes.set(call.id, validAnswer(call.arguments) ? 'ok' : 'invalid_arguments');
    if (answers.some((call) => validAnswer(call.arguments))) end = { status: 'completed' };
    else if (answers.length > 0 && ++refused > maxRetries) end = { status: 'failed', code: 'output_invalid' };
    finalTurn = batches >= limits.maxIterations;
  }
  return { turns, end };
}
