// The budget rules of the contract (docs/budgets.md), written for the oracle without the
// machine's code: what the replies of a path spend, whether a response passes a budget (its
// calls are then refused with `budget_exceeded`), and whether a budget is used up before a request.
import type { RunLimits, Usage } from '../../src/index.js';

export interface Spent {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  toolCalls: number;
}

export const nothingSpent = (): Spent => ({ inputTokens: 0, outputTokens: 0, totalTokens: 0, toolCalls: 0 });

const TOKEN_LIMITS = [
  ['maxInputTokens', 'inputTokens'],
  ['maxOutputTokens', 'outputTokens'],
  ['maxTotalTokens', 'totalTokens'],
] as const;

/** Adds a response's usage; true when that, or its `calls` to run, passes a budget. */
export function spendResponse(limits: RunLimits, spent: Spent, usage: Usage | undefined, calls: number): boolean {
  spent.inputTokens += usage?.inputTokens ?? 0;
  spent.outputTokens += usage?.outputTokens ?? 0;
  spent.totalTokens += usage?.totalTokens ?? 0;
  if (TOKEN_LIMITS.some(([limit, field]) => limits[limit] !== undefined && spent[field] > limits[limit]!)) return true;
  return limits.maxToolCalls !== undefined && spent.toolCalls + calls > limits.maxToolCalls;
}

/** A budget with nothing left before the next request (the model's provider says no maxTokens). */
export function usedUp(limits: RunLimits, spent: Spent): boolean {
  return TOKEN_LIMITS.some(([limit, field]) => limits[limit] !== undefined && spent[field] >= limits[limit]!);
}
