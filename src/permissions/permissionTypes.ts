// The shapes of permission rules and their verdicts (docs/permissions.md).

/** Rules by list; each rule is `ToolName` or `ToolName(specifier)`, with `*` globs in both. */
export interface PermissionRules {
  allow?: readonly string[];
  ask?: readonly string[];
  deny?: readonly string[];
}

export type PermissionList = keyof PermissionRules;

/**
 * How a tool's specifier argument is matched: `path` values are normalised against the rules'
 * root, `command` values (shell command lines) are split into their parts, `text` is matched as is.
 */
export type PermissionArgumentKind = 'path' | 'command' | 'text';

/**
 * The argument a tool's rule specifiers match: its name (a `text` argument), or name, kind and
 * the value the tool uses when the argument is left out (e.g. `.` for a listing of the root).
 */
export type PermissionArgument = string | { name: string; kind: PermissionArgumentKind; default?: string };

/** One call as the rules see it: after its arguments were validated against the tool's schema. */
export interface PermissionCall {
  toolName: string;
  arguments: Record<string, unknown>;
  /** The tool's `permissionArgument`; without it, only rules without a specifier can match the call. */
  permissionArgument?: PermissionArgument;
}

/**
 * What the rules say about a call. `default`: no rule decided, the tool's own `needsApproval`
 * does. `allow` also skips the tool's own `needsApproval`.
 */
export interface PermissionVerdict {
  decision: 'deny' | 'ask' | 'allow' | 'default';
  /** The rules that decided, as written (for `allow` of a compound command, one per part). */
  rules: string[];
  /** A sentence for the model, the approver and the event stream. */
  reason: string;
}
