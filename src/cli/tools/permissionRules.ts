// `--allowed-tools` and `--disallowed-tools` as permission rules: `read_file`, `mcp__fs__*`,
// `shell(git *)`, `read_file(.env)` (docs/permissions.md), evaluated for every call with the
// core's rules (the agent's `permissions`), together with the settings files' rules. A tool a
// deny rule names without a specifier is not offered at all; the other rules decide per call in
// the ToolCall: deny refuses (also with --yes), ask asks, allow runs without asking.
import { evaluatePermission, parsePermissionRules, type PermissionPolicy } from '../../index.js';
import type { RuleLists } from './permissionSettings.js';

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

/** The rules of a CLI Run (the core evaluates them for every call), and what follows from them for its tools. */
export class CliPermissions {
  /** For `createAgent({ permissions })`. */
  readonly rules: RuleLists;
  readonly #hidden: PermissionPolicy;

  /**
   * Parses the rules; a rule it cannot read is a `ConfigurationError` (exit 2) that quotes it.
   * @example new CliPermissions({ allow: ['shell(git *)'], ask: [], deny: ['mcp__fs__*'] }, '/srv/repo')
   */
  constructor(rules: RuleLists, root: string) {
    parsePermissionRules(rules, { root });
    this.rules = rules;
    this.#hidden = parsePermissionRules({ deny: rules.deny.filter((rule) => !hasSpecifier(rule)) }, { root });
  }

  /** Whether any rule was given. */
  get empty(): boolean {
    return this.rules.allow.length + this.rules.ask.length + this.rules.deny.length === 0;
  }

  /** A tool that a deny rule without a specifier names: it is not offered. */
  hides(toolName: string): boolean {
    return evaluatePermission(this.#hidden, { toolName, arguments: {} }).decision === 'deny';
  }

  /** The rules whose tool part matches none of these names (a typo should not pass silently). */
  unmatched(toolNames: readonly string[]): string[] {
    return [...this.rules.allow, ...this.rules.ask, ...this.rules.deny].filter((rule) => {
      const bare = parsePermissionRules({ deny: [toolPart(rule)] });
      return !toolNames.some((toolName) => evaluatePermission(bare, { toolName, arguments: {} }).decision === 'deny');
    });
  }
}
