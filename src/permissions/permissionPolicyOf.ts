// The parsed policy of a rules object, parsed once per rules object and root: an agent's Runs
// share its rules, and a Run created with the same object reuses them.
import { resolve } from 'node:path';
import { parsePermissionRules, type PermissionPolicy } from './permissionPolicy.js';
import type { PermissionRules } from './permissionTypes.js';

const parsed = new WeakMap<object, Map<string, PermissionPolicy>>();

/**
 * `parsePermissionRules(rules, { root })`, remembered for this rules object and root; undefined without rules.
 * @example permissionPolicyOf({ deny: ['shell(rm *)'] }, '/repo')?.deny.length // 1
 */
export function permissionPolicyOf(rules: PermissionRules | undefined, root: string | undefined): PermissionPolicy | undefined {
  if (rules === undefined) return undefined;
  const key = resolve(root ?? process.cwd());
  if (typeof rules !== 'object' || rules === null) return parsePermissionRules(rules, { root: key });
  let byRoot = parsed.get(rules);
  if (!byRoot) parsed.set(rules, (byRoot = new Map()));
  let policy = byRoot.get(key);
  if (!policy) byRoot.set(key, (policy = parsePermissionRules(rules, { root: key })));
  return policy;
}
