// The answer of a response judged against the Run's output schema (docs/output.md), with the
// validation every tool call gets (prepareCall: JSON, size, schema, the same issue messages):
// the `final_answer` call of the last turn, whose calls never run as tools, or the text of a
// response in mode 'native'. Pure functions of the response and the compiled schema, so the
// guard that decides and the action that records agree.
import { ToolErrorCode } from '../../src/codes.js';
import { errorResult } from '../../src/tools/calls/errorResult.js';
import { prepareCall } from '../../src/tools/calls/prepareCall.js';
import { createToolSet } from '../../src/tools/toolSet.js';
import { FINAL_ANSWER_TOOL, type CompiledOutput } from '../../src/output/outputSchema.js';
import type { ToolCallRequest, ToolResult } from '../../src/types.js';

/** A response's answer: the accepted value, or the result that says why there is none. */
export type JudgedAnswer = { accepted: true; value: unknown } | { accepted: false; result: ToolResult };

const answerTools = new WeakMap<CompiledOutput, ReturnType<typeof createToolSet>>();

function judge(call: ToolCallRequest, output: CompiledOutput, maxArgumentsChars: number): JudgedAnswer {
  let tools = answerTools.get(output);
  if (!tools) answerTools.set(output, (tools = createToolSet([output.registered])));
  const prepared = prepareCall(call, tools, { maxArgumentsChars });
  return prepared.ok ? { accepted: true, value: prepared.args } : { accepted: false, result: prepared.result };
}

/** What the last turn's response gives: the first `final_answer` call's verdict and every call's result. */
export interface FinalTurnVerdict {
  /** The verdict on the first `final_answer` call; undefined when the response has none. */
  answer: JudgedAnswer | undefined;
  /** One result per call of the response, in call order. */
  results: ToolResult[];
}

const ANSWER_RECORDED: ToolResult = { content: 'Final answer recorded.' };

/**
 * Judges the calls of a last-turn response: the first `final_answer` call is validated; every other call gets an error result and never runs.
 * @example
 * import { compileOutput } from '../../src/output/outputSchema.js';
 * const output = compileOutput({ type: 'object', properties: { n: { type: 'integer' } } }, {});
 * judgeFinalTurn([{ id: 'a', name: 'final_answer', arguments: '{"n":1}' }], output, 200_000, true).answer?.accepted // true
 */
export function judgeFinalTurn(calls: readonly ToolCallRequest[], output: CompiledOutput, maxArgumentsChars: number, complete: boolean): FinalTurnVerdict {
  const first = calls.findIndex((call) => call.name === FINAL_ANSWER_TOOL);
  const cutOff: JudgedAnswer = { accepted: false, result: errorResult(ToolErrorCode.incompleteToolCall, "Not taken: the model's response stopped early, so this answer may be incomplete.") };
  const answer = first < 0 ? undefined : complete ? judge(calls[first]!, output, maxArgumentsChars) : cutOff;
  const refused = errorResult(ToolErrorCode.iterationLimit, `Not run: in the run's last turn only the first ${FINAL_ANSWER_TOOL} call is taken.`);
  const results = calls.map((_, index) => (index !== first || answer === undefined ? refused : answer.accepted ? ANSWER_RECORDED : answer.result));
  return { answer, results };
}

/**
 * Judges a response's text as the answer of a Run in mode 'native'.
 * @example
 * import { compileOutput } from '../../src/output/outputSchema.js';
 * judgeNativeAnswer('{"city":"Paris"}', compileOutput({ type: 'object' }, { outputMode: 'native' }), 200_000).accepted // true
 */
export function judgeNativeAnswer(text: string, output: CompiledOutput, maxArgumentsChars: number): JudgedAnswer {
  return judge({ id: 'answer', name: FINAL_ANSWER_TOOL, arguments: text }, output, maxArgumentsChars);
}
