// How the CLI answers approval requests: ask on a terminal, allow all with --yes, and
// otherwise deny with a reason the model can act on.
import { askYesNo, type PromptStreams } from './askYesNo.js';
import { previewArguments } from '../render/shorten.js';
import type { Colors } from '../render/colors.js';

import type { ApprovalRequest } from '../../index.js';

/** The part of an approval request the CLI shows. */
export type ApprovalQuestion = Pick<ApprovalRequest, 'callId' | 'toolName' | 'arguments'>;

export type ApprovalAnswer = { approved: boolean; reason?: string };
export type Approver = (request: ApprovalQuestion, options: { signal: AbortSignal }) => Promise<ApprovalAnswer>;

export const NO_TERMINAL_REASON =
  'This tool needs approval, and the tinyagent CLI has no terminal to ask on; the user can rerun with --yes to allow it.';

export interface ApprovalPolicyOptions {
  /** `--yes`: approve every call. */
  yes: boolean;
  /** Where to ask; undefined when stdin or stderr is not a terminal. */
  terminal?: PromptStreams & { colors: Colors };
  /** Called around a prompt so a spinner does not draw over it. */
  onPrompt?: { before(): void; after(): void };
}

/**
 * The `approve` callback the CLI gives its agent.
 * @example
 * import { createAgent } from '../../index.js';
 * createAgent({ provider, approve: approvalPolicy({ yes: true }) })
 */
export function approvalPolicy(options: ApprovalPolicyOptions): Approver {
  if (options.yes) return () => Promise.resolve({ approved: true, reason: 'approved by --yes' });
  const terminal = options.terminal;
  if (!terminal) return () => Promise.resolve({ approved: false, reason: NO_TERMINAL_REASON });
  // One question at a time, in the order the calls asked.
  let queue: Promise<unknown> = Promise.resolve();
  return (request, { signal }) => {
    const answer = queue.then(async (): Promise<ApprovalAnswer> => {
      if (signal.aborted) return { approved: false, reason: 'the Run was cancelled' };
      const c = terminal.colors;
      const question = `${c.yellow('?')} Allow ${c.bold(request.toolName)} ${c.dim(previewArguments(request.arguments, 200))} ${c.dim('[y/N]')} `;
      options.onPrompt?.before();
      try {
        const yes = await askYesNo(question, terminal, signal);
        return yes ? { approved: true, reason: 'approved at the terminal' } : { approved: false, reason: 'the user said no at the terminal' };
      } finally {
        options.onPrompt?.after();
      }
    });
    queue = answer.catch(() => undefined);
    return answer;
  };
}
