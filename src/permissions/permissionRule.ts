// One permission rule, `ToolName` or `ToolName(specifier)`, parsed once. Its specifier is
// compiled per argument kind on first use: a rule such as `*(secret.txt)` may meet path and
// text arguments alike.
import { resolve } from 'node:path';
import { ConfigurationError } from '../errors.js';
import { compileGlob, type Glob } from './globPattern.js';
import type { PermissionArgumentKind, PermissionList } from './permissionTypes.js';

const RULE = /^([A-Za-z0-9_\-*?]{1,64})(?:\((.+)\))?$/s;

export class PermissionRule {
  /** As written, for verdicts. */
  readonly text: string;
  readonly #tool: Glob;
  readonly #specifier: string | undefined;
  readonly #root: string;
  readonly #compiled = new Map<PermissionArgumentKind, Glob>();

  constructor(text: string, root: string, tool: Glob, specifier: string | undefined) {
    this.text = text;
    this.#root = root;
    this.#tool = tool;
    this.#specifier = specifier;
  }

  get hasSpecifier(): boolean {
    return this.#specifier !== undefined;
  }

  appliesTo(toolName: string): boolean {
    return this.#tool.matches(toolName);
  }

  /** Whether the rule's specifier matches `value` (a path already resolved against the root). */
  matchesValue(value: string, kind: PermissionArgumentKind): boolean {
    if (this.#specifier === undefined) return true;
    let glob = this.#compiled.get(kind);
    if (!glob) {
      glob = kind === 'path' ? pathGlob(this.#specifier, this.#root) : compileGlob(this.#specifier, 'any');
      this.#compiled.set(kind, glob);
    }
    return glob.matches(value);
  }
}

// A path rule names a file or a folder: `secret` matches `secret` and everything below it.
function pathGlob(specifier: string, root: string): Glob {
  const absolute = resolveGlobPath(specifier, root);
  const exact = compileGlob(absolute, 'path');
  const below = compileGlob(`${absolute.replace(/\/$/, '')}/**`, 'path');
  return { matches: (value) => exact.matches(value) || below.matches(value) };
}

/**
 * A path glob made absolute against the root, `.` and `..` segments resolved, so that
 * `./.env`, `.env` and `/root/.env` are one rule.
 * @example resolveGlobPath('./src/**', '/repo') // '/repo/src/**'
 */
export function resolveGlobPath(specifier: string, root: string): string {
  return resolve(root, specifier);
}

/**
 * Parses one rule of a list; throws a `ConfigurationError` that quotes it when it is not `Tool` or `Tool(specifier)`.
 * @example parsePermissionRule('shell(npm run *)', 'allow', 0, '/repo').text // 'shell(npm run *)'
 */
export function parsePermissionRule(text: unknown, list: PermissionList, index: number, root: string): PermissionRule {
  if (typeof text !== 'string') throw new ConfigurationError(`permissions.${list}[${index}] must be a string rule like "shell(npm run *)", got ${typeof text}`);
  const match = RULE.exec(text.trim());
  if (!match) {
    throw new ConfigurationError(
      `permissions.${list}[${index}] ${JSON.stringify(text)} is not a rule: write ToolName or ToolName(specifier), e.g. "read_file", "shell(npm run *)", "mcp__github__*"`,
    );
  }
  const [, tool, specifier] = match as unknown as [string, string, string | undefined];
  if (specifier !== undefined && specifier.trim() === '') {
    throw new ConfigurationError(`permissions.${list}[${index}] ${JSON.stringify(text)} has an empty specifier: write the bare tool name to match every call`);
  }
  return new PermissionRule(text.trim(), root, compileGlob(tool, 'any'), specifier?.trim());
}
