// The shapes of human approval (docs/design.md, "Approval"): what is asked, and how an
// application answers when it passes an `approve` callback instead of sending events.

/** One call waiting for a person's yes: `arguments` are the validated arguments that will run. */
export interface ApprovalRequest {
  runId: string;
  callId: string;
  toolName: string;
  iteration: number;
  arguments: Record<string, unknown>;
}

/** An answer: a plain yes/no, or one with a reason the model is told. */
export type ApprovalAnswer = boolean | { approved: boolean; reason?: string };

/** Decides an approval request; `signal` aborts when the Run is cancelled meanwhile. */
export type Approver = (request: ApprovalRequest, options: { signal: AbortSignal }) => Promise<ApprovalAnswer> | ApprovalAnswer;
