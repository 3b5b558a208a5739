// Budgets (docs/budgets.md): what a Run has spent, and whether a limit of `limits` is over.
// Checked by the Run machine's guards before each provider request (what the request may
// spend, where the provider says, counts as spent) and after each response. Pure functions of
// the context and the environment's facts, so the guard and the action that names the limit agree.
import type { BudgetLimit, RunLimits, RunSpending, ToolSpending, Usage } from '../../src/types.js';

/**
 * The spending of a Run that has just started at `now`.
 * @example freshSpending(Date.now()).toolCalls // 0
 */
export function freshSpending(now: number): RunSpending {
  return { inputTokens: 0, outputTokens: 0, totalTokens: 0, toolCalls: 0, costUsd: 0, startedAt: now };
}

/**
 * Adds a response's (or a tool's) spending.
 * @example addSpending(freshSpending(0), { usage: { inputTokens: 1, outputTokens: 2, totalTokens: 3 } }).totalTokens // 3
 */
export function addSpending(spent: RunSpending, more: ToolSpending | undefined): RunSpending {
  if (!more) return spent;
  const { usage, costUsd = 0, toolCalls = 0 } = more;
  return {
    inputTokens: spent.inputTokens + (usage?.inputTokens ?? 0),
    outputTokens: spent.outputTokens + (usage?.outputTokens ?? 0),
    totalTokens: spent.totalTokens + (usage?.totalTokens ?? 0),
    toolCalls: spent.toolCalls + toolCalls,
    costUsd: spent.costUsd + costUsd,
    startedAt: spent.startedAt,
  };
}

/**
 * Milliseconds the Run has run by `now`.
 * @example elapsedMs(freshSpending(100), 350) // 250
 */
export function elapsedMs(spent: RunSpending, now: number): number {
  return Math.max(0, now - spent.startedAt);
}

/** A limit that is over, and the sentence that says so. */
export interface BudgetExceeded {
  limit: BudgetLimit;
  message: string;
}

const TOKENS = [
  ['maxInputTokens', 'inputTokens', 'input tokens'],
  ['maxOutputTokens', 'outputTokens', 'output tokens'],
  ['maxTotalTokens', 'totalTokens', 'tokens'],
] as const;

function over(limit: BudgetLimit, what: string, figure: number, max: number): BudgetExceeded {
  return { limit, message: `Budget limits.${limit} (${max}) exceeded: ${what} ${figure}` };
}

/**
 * Before a request: a limit already used up, or one the request may pass (`mayOutputTokens`,
 * the provider's `info.maxTokens`, counts as spent for output and total tokens).
 * @example budgetBeforeRequest({ maxTotalTokens: 10 }, freshSpending(0), 0, 4096)?.limit // 'maxTotalTokens'
 */
export function budgetBeforeRequest(limits: Partial<RunLimits>, spent: RunSpending, now: number, mayOutputTokens: number | undefined): BudgetExceeded | undefined {
  for (const [limit, field, what] of TOKENS) {
    const max = limits[limit];
    if (max === undefined) continue;
    const may = field === 'inputTokens' ? 0 : (mayOutputTokens ?? 0);
    if (spent[field] >= max || spent[field] + may > max) {
      const detail = may > 0 ? `${what} spent ${spent[field]}, and the next request may spend ${may} more` : `${what} spent ${spent[field]}`;
      return { limit, message: `Budget limits.${limit} (${max}) exceeded: ${detail}` };
    }
  }
  if (limits.maxCostUsd !== undefined && spent.costUsd >= limits.maxCostUsd) return over('maxCostUsd', 'USD spent', spent.costUsd, limits.maxCostUsd);
  const elapsed = elapsedMs(spent, now);
  if (limits.maxDurationMs !== undefined && elapsed >= limits.maxDurationMs) return over('maxDurationMs', 'ms elapsed', elapsed, limits.maxDurationMs);
  return undefined;
}

/**
 * After a response, with its spending added to `spent`: a limit passed. `calls` are the calls
 * the response asks to run; a response whose calls would pass `maxToolCalls` runs none of them.
 * @example budgetAfterResponse({ maxToolCalls: 1 }, freshSpending(0), 0, 2)?.limit // 'maxToolCalls'
 */
export function budgetAfterResponse(limits: Partial<RunLimits>, spent: RunSpending, now: number, calls: number): BudgetExceeded | undefined {
  for (const [limit, field, what] of TOKENS) {
    const max = limits[limit];
    if (max !== undefined && spent[field] > max) return over(limit, `${what} spent`, spent[field], max);
  }
  if (limits.maxCostUsd !== undefined && spent.costUsd > limits.maxCostUsd) return over('maxCostUsd', 'USD spent', spent.costUsd, limits.maxCostUsd);
  if (limits.maxToolCalls !== undefined && spent.toolCalls + calls > limits.maxToolCalls) {
    const message = `Budget limits.maxToolCalls (${limits.maxToolCalls}) exceeded: ${spent.toolCalls} tool calls run, and the response asks for ${calls} more`;
    return { limit: 'maxToolCalls', message };
  }
  const elapsed = elapsedMs(spent, now);
  if (limits.maxDurationMs !== undefined && elapsed > limits.maxDurationMs) return over('maxDurationMs', 'ms elapsed', elapsed, limits.maxDurationMs);
  return undefined;
}

/**
 * A response's usage and price as spending.
 * @example responseSpending({ inputTokens: 1, outputTokens: 1, totalTokens: 2 }, 0.01).costUsd // 0.01
 */
export function responseSpending(usage: Usage | undefined, costUsd: number | undefined): ToolSpending {
  const spending: ToolSpending = {};
  if (usage) spending.usage = usage;
  if (costUsd !== undefined) spending.costUsd = costUsd;
  return spending;
}
