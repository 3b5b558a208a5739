// `--allowed-tools` and `--disallowed-tools` as permission rules: `read_file`, `mcp__fs__*`,
// `shell(git *)`, `read_file(.env)` (docs/permissions.md), evaluated for every call with the
// core's evaluator. A disallowed tool named without a specifier is not offered at all; the
// other rules decide per call: deny refuses (also with --yes), allow runs without asking.
import { evaluatePermission, parsePermissionRules, type PermissionPolicy, type PermissionVerdict, type Tool } from '../../index.js';

/**
 * The rules of one or more flag values: split on commas and spaces outside parentheses, so that
 * `"read_file, shell(git log *)"` is two rules.
 * @example ruleList(['read_file, shell(git log *)']) // ['read_file', 'shell(git log *)']
 */
export function ruleList(values: readonly string[] | undefined): string[] {
  const rules: string[] = [];
  for (const value of values ?? []) {
    let depth = 0;
    let current = '';
    for (const char of value) {
      if (char === '(') depth++;
      else if (char === ')') depth = Math.max(0, depth - 1);
      if (depth === 0 && (char === ',' || /\s/.test(char))) {
        if (current !== '') rules.push(current);
        current = '';
      } else current += char;
    }
    if (current !== '') rules.push(current);
  }
  return rules;
}

const hasSpecifier = (rule: string) => rule.includes('(');
const toolPart = (rule: string) => rule.replace(/\(.*$/s, '');

/** The rules of a CLI Run, and what follows from them for its tools. */
export class CliPermissions {
  readonly #policy: PermissionPolicy;
  readonly #hidden: PermissionPolicy;
  readonly #rules: readonly string[];
  readonly #tools = new Map<string, Tool>();

  /**
   * Parses the rules; a rule it cannot read is a `ConfigurationError` (exit 2) that quotes it.
   * @example new CliPermissions({ allowed: ['shell(git *)'], disallowed: ['mcp__fs__*'] }, '/srv/repo')
   */
  constructor(flags: { allowed: readonly string[]; disallowed: readonly string[] }, root: string) {
    this.#policy = parsePermissionRules({ allow: flags.allowed, deny: flags.disallowed }, { root });
    this.#hidden = parsePermissionRules({ deny: flags.disallowed.filter((rule) => !hasSpecifier(rule)) }, { root });
    this.#rules = [...flags.allowed, ...flags.disallowed];
  }

  /** Whether any rule was given (without rules, tools are left exactly as they are). */
  get empty(): boolean {
    return this.#rules.length === 0;
  }

  /** A tool that a disallowed rule without a specifier names: it is not offered. */
  hides(toolName: string): boolean {
    return evaluatePermission(this.#hidden, { toolName, arguments: {} }).decision === 'deny';
  }

  /** The rules whose tool part matches none of these names (a typo should not pass silently). */
  unmatched(toolNames: readonly string[]): string[] {
    return this.#rules.filter((rule) => {
      const bare = parsePermissionRules({ deny: [toolPart(rule)] });
      return !toolNames.some((toolName) => evaluatePermission(bare, { toolName, arguments: {} }).decision === 'deny');
    });
  }

  /**
   * The tool, asking for approval exactly when the rules say so: never when an allow rule matches,
   * always when a deny or ask rule does (the approver then refuses a deny), else as the tool itself asks.
   */
  govern(tool: Tool): Tool {
    this.#tools.set(tool.name, tool);
    if (this.empty) return tool;
    const own = tool.needsApproval;
    return {
      ...tool,
      needsApproval: (args, ctx) => {
        const { decision } = this.verdict(tool.name, args);
        if (decision === 'allow') return false;
        if (decision === 'deny' || decision === 'ask') return true;
        return typeof own === 'function' ? own(args, ctx) : own === true;
      },
    };
  }

  /** What the rules say about one call of a governed tool. */
  verdict(toolName: string, args: Record<string, unknown>): PermissionVerdict {
    return evaluatePermission(this.#policy, { toolName, arguments: args, permissionArgument: this.#tools.get(toolName)?.permissionArgument });
  }
}
