// Permission rules, parsed and checked once (createAgent time), evaluated per call:
// deny first, then ask, then allow; without a deciding rule, the tool's own needsApproval.
import { resolve } from 'node:path';
import { quoteValue } from '../describeValue.js';
import { ConfigurationError } from '../errors.js';
import { parsePermissionRule, type PermissionRule } from './permissionRule.js';
import type { PermissionArgumentKind, PermissionCall, PermissionList, PermissionRules, PermissionVerdict } from './permissionTypes.js';
import { splitShellCommand, withoutAssignments } from './shellCommand.js';

/** Parsed rules, ready for `evaluatePermission`. */
export interface PermissionPolicy {
  /** The folder relative path specifiers and arguments are resolved against. */
  readonly root: string;
  readonly deny: readonly PermissionRule[];
  readonly ask: readonly PermissionRule[];
  readonly allow: readonly PermissionRule[];
}

export interface PermissionPolicyOptions {
  /** The tools' root (the file tools' `root`, the shell's `cwd`). Default: the process's working directory. */
  root?: string;
}

const LISTS: readonly PermissionList[] = ['deny', 'ask', 'allow'];

/**
 * Parses `{ allow?, ask?, deny? }`; throws a `ConfigurationError` naming the first rule it cannot read.
 * @example const policy = parsePermissionRules({ allow: ['shell(npm run *)'], deny: ['read_file(.env)'] }, { root: '/repo' });
 */
export function parsePermissionRules(rules: PermissionRules, options: PermissionPolicyOptions = {}): PermissionPolicy {
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) {
    throw new ConfigurationError(`permissions must be an object { allow?, ask?, deny? } of rule lists, got ${quoteValue(rules)}`);
  }
  const unknown = Object.keys(rules).filter((key) => !(LISTS as readonly string[]).includes(key));
  if (unknown.length > 0) throw new ConfigurationError(`permissions has no list ${unknown.map((key) => JSON.stringify(key)).join(', ')}: the lists are allow, ask and deny`);
  const root = resolve(options.root ?? process.cwd());
  const parse = (list: PermissionList): PermissionRule[] => {
    const given: unknown = rules[list];
    if (given === undefined) return [];
    if (!Array.isArray(given)) throw new ConfigurationError(`permissions.${list} must be an array of rules, got ${quoteValue(given)}`);
    return given.map((text: unknown, index) => parsePermissionRule(text, list, index, root));
  };
  return { root, deny: parse('deny'), ask: parse('ask'), allow: parse('allow') };
}

/** The call's specifier argument: its values as the rules match them. */
interface Subject {
  kind: PermissionArgumentKind;
  /** Path: the resolved path. Text: the value. Command: the whole line, then each part. */
  values: string[];
  /** Command parts with leading assignments removed, which deny and ask rules also see. */
  bare: string[];
  parts: string[];
  opaque: string[];
}

function subjectOf(call: PermissionCall, root: string): Subject | undefined {
  const declared = call.permissionArgument;
  if (declared === undefined) return undefined;
  const { name, kind, default: fallback } = typeof declared === 'string' ? { name: declared, kind: 'text' as const, default: undefined } : declared;
  const value = call.arguments[name] ?? fallback;
  if (typeof value !== 'string') return undefined;
  if (kind === 'path') return { kind, values: [resolve(root, value)], bare: [], parts: [], opaque: [] };
  if (kind === 'text') return { kind, values: [value], bare: [], parts: [], opaque: [] };
  const { parts, opaque } = splitShellCommand(value);
  return { kind, values: [value.trim(), ...parts], bare: parts.map(withoutAssignments), parts, opaque };
}

/** Whether a deny or ask rule matches: the tool, and any of the specifier's values. */
function restricts(rule: PermissionRule, call: PermissionCall, subject: Subject | undefined): boolean {
  if (!rule.appliesTo(call.toolName)) return false;
  if (!rule.hasSpecifier) return true;
  if (!subject) return false;
  return [...subject.values, ...subject.bare].some((value) => rule.matchesValue(value, subject.kind));
}

const byRule = (list: string, rule: PermissionRule) => `the ${list} rule "${rule.text}"`;

function allowed(policy: PermissionPolicy, call: PermissionCall, subject: Subject | undefined): PermissionVerdict | undefined {
  const rules = policy.allow.filter((rule) => rule.appliesTo(call.toolName));
  if (rules.length === 0) return undefined;
  if (subject?.kind === 'command') {
    if (subject.opaque.length > 0) return { decision: 'default', rules: [], reason: `No allow rule applies: the command uses ${subject.opaque.join(', ')}, which rules cannot see into` };
    // Every part needs a rule of its own: `npm test && rm -rf ~` is not allowed by `shell(npm test)`.
    const deciding: PermissionRule[] = [];
    for (const part of subject.parts) {
      const rule = rules.find((candidate) => candidate.matchesValue(part, 'command'));
      if (!rule) return undefined;
      if (!deciding.includes(rule)) deciding.push(rule);
    }
    if (subject.parts.length > 0) return { decision: 'allow', rules: deciding.map((rule) => rule.text), reason: `Allowed by ${deciding.map((rule) => byRule('allow', rule)).join(' and ')}` };
  }
  const rule = rules.find((candidate) => !candidate.hasSpecifier || (subject !== undefined && candidate.matchesValue(subject.values[0]!, subject.kind)));
  return rule ? { decision: 'allow', rules: [rule.text], reason: `Allowed by ${byRule('allow', rule)}` } : undefined;
}

/**
 * What the rules say about one call: deny, then ask, then allow, else `default` (the tool's own
 * `needsApproval` decides). Pure and synchronous; the call's arguments must be the validated ones.
 * @example
 * const policy = parsePermissionRules({ allow: ['shell(npm run *)'] }, { root: '/repo' });
 * evaluatePermission(policy, { toolName: 'shell', arguments: { command: 'npm run test' }, permissionArgument: { name: 'command', kind: 'command' } }).decision // 'allow'
 */
export function evaluatePermission(policy: PermissionPolicy, call: PermissionCall): PermissionVerdict {
  const subject = subjectOf(call, policy.root);
  for (const list of ['deny', 'ask'] as const) {
    const rule = policy[list].find((candidate) => restricts(candidate, call, subject));
    if (rule) return { decision: list, rules: [rule.text], reason: `${list === 'deny' ? 'Denied' : 'Needs approval'} by ${byRule(list, rule)}` };
  }
  return allowed(policy, call, subject) ?? { decision: 'default', rules: [], reason: 'No permission rule matches this call' };
}
