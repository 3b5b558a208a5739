// How the CLI answers approval requests: by the permission mode first, then by asking on a
// terminal, and otherwise with a denial the model can act on. The permission rules are decided
// in each call before it is asked (the agent's `permissions`): a deny never reaches here.
import { askYesNo, type PromptStreams } from './askYesNo.js';
import { QuestionQueue, type PromptHooks } from './questionQueue.js';
import { previewArguments } from '../render/shorten.js';
import { visibleControls } from '../render/visibleControls.js';
import type { Colors } from '../render/colors.js';

import type { ApprovalRequest } from '../../index.js';

/** The part of an approval request the CLI shows. */
export type ApprovalQuestion = Pick<ApprovalRequest, 'callId' | 'toolName' | 'arguments'>;

export type ApprovalAnswer = { approved: boolean; reason?: string };
export type Approver = (request: ApprovalQuestion, options: { signal: AbortSignal }) => Promise<ApprovalAnswer>;

/** `--permission-mode`: `default` asks, `accept-edits` also allows the file-writing tools, `bypass` allows everything. */
export type PermissionMode = 'default' | 'accept-edits' | 'bypass';
export const PERMISSION_MODES: readonly PermissionMode[] = ['default', 'accept-edits', 'bypass'];

/** The tools `accept-edits` allows without asking. */
export const EDIT_TOOLS: readonly string[] = ['write_file', 'edit_file'];

export const NO_TERMINAL_REASON =
  'This tool needs approval, and the tinyagent CLI has no terminal to ask on; the user can rerun with --yes, --allowed-tools or --permission-mode to allow it.';

export interface ApprovalPolicyOptions {
  /** Default `default`. */
  mode?: PermissionMode;
  /** `--yes`: the same as mode `bypass`. */
  yes?: boolean;
  /** Where to ask; undefined when stdin or stderr is not a terminal. */
  terminal?: PromptStreams & { colors: Colors };
  /** Called around a question (so a spinner does not draw over it, and the wait is not counted). */
  onPrompt?: PromptHooks;
  /** The queue the terminal's questions share (with the MCP servers' questions); default: one of its own with `onPrompt`. */
  queue?: QuestionQueue;
}

/**
 * The `approve` callback the CLI gives its agent.
 * @example
 * import { createAgent } from '../../index.js';
 * createAgent({ provider, approve: approvalPolicy({ yes: true }) })
 */
export function approvalPolicy(options: ApprovalPolicyOptions): Approver {
  const mode = options.yes ? 'bypass' : (options.mode ?? 'default');
  const ask = options.terminal ? terminalQuestion(options.terminal, options.queue ?? new QuestionQueue(options.onPrompt)) : undefined;
  return (request, context) => {
    if (mode === 'bypass') return Promise.resolve({ approved: true, reason: options.yes ? 'approved by --yes' : 'approved by --permission-mode bypass' });
    if (mode === 'accept-edits' && EDIT_TOOLS.includes(request.toolName)) return Promise.resolve({ approved: true, reason: 'approved by --permission-mode accept-edits' });
    if (!ask) return Promise.resolve({ approved: false, reason: NO_TERMINAL_REASON });
    return ask(request, context);
  };
}

// One question at a time, in the order the calls asked.
function terminalQuestion(terminal: PromptStreams & { colors: Colors }, queue: QuestionQueue): Approver {
  return (request, { signal }) =>
    queue.ask(async (): Promise<ApprovalAnswer> => {
      if (signal.aborted) return { approved: false, reason: 'the Run was cancelled' };
      const c = terminal.colors;
      const question = `${c.yellow('?')} Allow ${c.bold(visibleControls(request.toolName))} ${c.dim(previewArguments(request.arguments, 200))} ${c.dim('[y/N]')} `;
      const yes = await askYesNo(question, terminal, signal);
      return yes ? { approved: true, reason: 'approved at the terminal' } : { approved: false, reason: 'the user said no at the terminal' };
    }, request.callId);
}
