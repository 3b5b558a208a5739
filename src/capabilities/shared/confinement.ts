// The one confinement policy of the tools that touch files (the file tools, the Skill tool):
// a path is resolved against the root, so a relative path, an absolute path inside the root
// and a `..` that stays inside are all accepted; a path whose lexical or real location (after
// every symbolic link, including those of a missing file's nearest existing parent) leaves the
// root is refused with `path_outside_root`, never thrown; one whose real location lies in an
// excluded directory is refused with `path_excluded`. See docs/security.md.
import { realpathSync } from 'node:fs';
import { readlink, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { ToolResult } from '../../core.js';
import { hasErrnoCode } from './errno.js';
import { FileToolErrorCode, fileError, ioError } from './fileErrors.js';

/** The directory the file tools may touch: as given (absolute) and as the file system resolves it. */
export interface FileRoot {
  readonly path: string;
  readonly real: string;
  /** Directories the tools refuse (absolute; they need not exist yet). */
  readonly excluded: readonly string[];
  /** How refusals name the root: `the root directory`, `the skill folder`. */
  readonly name: string;
}

/** A path the tools may use: where it really is, how to show it, whether it exists. */
export interface ConfinedPath {
  readonly ok: true;
  /** Absolute, with every symbolic link resolved: the path to read or write. */
  readonly real: string;
  /** Relative to the root, with `/` separators (`.` for the root itself). */
  readonly display: string;
  readonly exists: boolean;
}

/** A refusal, ready to return to the model. */
export interface PathRefusal {
  readonly ok: false;
  readonly result: ToolResult & { code: FileToolErrorCode };
}

// Linux gives up after 40 links in a chain (ELOOP); so do we for dangling chains.
const MAX_LINK_HOPS = 40;

/**
 * The root of a set of file tools, resolved once (the directory must exist), with the directories they refuse.
 * @example openRoot('/srv/repo', ['/srv/repo/.tinyagent']) // { path: '/srv/repo', real: '/srv/repo', excluded: [...], name: 'the root directory' }
 */
export function openRoot(absolutePath: string, excluded: readonly string[] = [], name = 'the root directory'): FileRoot {
  return { path: absolutePath, real: realpathSync(absolutePath), excluded, name };
}

/**
 * `openRoot` without blocking: for a root resolved at each call (a skill folder).
 * @example await resolveRoot('/repo/.agents/skills/pdf', 'the skill folder')
 */
export async function resolveRoot(absolutePath: string, name: string): Promise<FileRoot> {
  return { path: absolutePath, real: await realpath(absolutePath), excluded: [], name };
}

/**
 * Where the excluded directories really are now: resolved at each call, because one may be
 * created (or replaced by a link) after the tools were.
 * @example await excludedDirectories(openRoot('/srv/repo', ['/srv/repo/.tinyagent/sessions'])) // ['/srv/repo/.tinyagent/sessions']
 */
export async function excludedDirectories(root: FileRoot): Promise<string[]> {
  const found = await Promise.all(root.excluded.map((dir) => realPathOfMissing(dir, 0).catch(() => dir)));
  return [...new Set([...root.excluded, ...found])];
}

/**
 * Resolves a path the model sent against the root, or refuses it when it leaves the root.
 * @example await confine(openRoot('/srv/repo'), 'src/index.ts') // { ok: true, real: '/srv/repo/src/index.ts', display: 'src/index.ts', exists: true }
 */
export async function confine(root: FileRoot, input: string): Promise<ConfinedPath | PathRefusal> {
  if (input.includes('\0')) return refuse(FileToolErrorCode.invalidPath, 'A path cannot contain a NUL character.');
  const lexical = resolve(root.path, input);
  const base = isInside(root.path, lexical) ? root.path : isInside(root.real, lexical) ? root.real : undefined;
  if (base === undefined) return outside(root, input, `it is outside ${root.name}`);
  const display = toDisplay(relative(base, lexical));
  let real: string;
  let exists = true;
  try {
    real = await realpath(lexical);
  } catch (error) {
    if (!hasErrnoCode(error, 'ENOENT', 'ENOTDIR')) return refusal(ioError('resolve', display, error));
    exists = false;
    try {
      real = await realPathOfMissing(lexical, 0);
    } catch (inner) {
      return refusal(ioError('resolve', display, inner));
    }
  }
  if (!isInside(root.real, real)) return outside(root, input, `a symbolic link on the way leads outside ${root.name}`);
  if (root.excluded.length > 0 && (await excludedDirectories(root)).some((dir) => isInside(dir, real))) {
    const content = `Refused: ${JSON.stringify(input)} is in a directory these tools are not allowed to use. Choose another path.`;
    return refuse(FileToolErrorCode.pathExcluded, content);
  }
  return { ok: true, real, display, exists };
}

/**
 * Whether `target` is `base` or inside it (both absolute and normalised).
 * @example isInside('/a', '/a/b') // true
 */
export function isInside(base: string, target: string): boolean {
  const rel = relative(base, target);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/**
 * A path relative to the root as the model sees it: `/` separators, `.` for the root.
 * @example toDisplay('src\\a.ts') // 'src/a.ts' on Windows
 */
export function toDisplay(relativePath: string): string {
  if (relativePath === '') return '.';
  return sep === '/' ? relativePath : relativePath.split(sep).join('/');
}

// Where a path that does not exist would be created: its nearest existing parent's real
// path plus the missing names; a dangling symbolic link is followed to where it points.
async function realPathOfMissing(path: string, hops: number): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    if (!hasErrnoCode(error, 'ENOENT', 'ENOTDIR')) throw error;
  }
  const parent = dirname(path);
  if (parent === path) return path;
  const realParent = await realPathOfMissing(parent, hops);
  const candidate = join(realParent, basename(path));
  let target: string;
  try {
    target = await readlink(candidate);
  } catch {
    return candidate; // not a link (or absent): the name would be created right here
  }
  if (hops >= MAX_LINK_HOPS) throw Object.assign(new Error('too many levels of symbolic links'), { code: 'ELOOP' });
  return realPathOfMissing(resolve(realParent, target), hops + 1);
}

function outside(root: FileRoot, input: string, why: string): PathRefusal {
  const content = `Refused: ${JSON.stringify(input)} is not accessible because ${why}. Only paths inside ${root.name} can be used; give a path relative to it.`;
  return refuse(FileToolErrorCode.pathOutsideRoot, content);
}

function refuse(code: FileToolErrorCode, content: string): PathRefusal {
  return refusal(fileError(code, content));
}

function refusal(result: ToolResult): PathRefusal {
  return { ok: false, result: result as PathRefusal['result'] };
}
