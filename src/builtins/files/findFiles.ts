// Finding files under a directory of the root with a glob, confined to the root: patterns
// that climb out are refused, and the walk never follows a symbolic link (neither the one a
// pattern names nor one it meets), so every path it yields lies inside the directory.
// Excluded directories are not entered; .git and node_modules are skipped unless the pattern
// or path names them. Matching is linear (RE2, see globPattern.ts) and the walk stops when
// the call is cancelled.
import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { ToolResult } from '../../core.js';
import { excludedDirectories, isInside, type ConfinedPath, type FileRoot } from '../../capabilities/shared/confinement.js';
import { FileToolErrorCode, fileError } from '../../capabilities/shared/fileErrors.js';
import { compileGlob, GlobSyntaxError, type GlobPattern } from './globPattern.js';

const SKIPPED_DIRECTORIES = ['.git', 'node_modules'] as const;

/** A file found under the root: how the model sees its path, and where it is. */
export interface FoundFile {
  readonly display: string;
  readonly real: string;
}

/**
 * The files under `dir` that match `pattern`, sorted by their path relative to the root.
 * @example
 * import { confine, openRoot } from '../../capabilities/shared/confinement.js';
 * const root = openRoot('/srv/repo');
 * const dir = await confine(root, '.');
 * if (dir.ok) await findFiles(root, dir, 'src/**\/*.ts', new AbortController().signal); // { ok: true, files: [{ display: 'src/a.ts', real: '/srv/repo/src/a.ts' }] }
 */
export async function findFiles(
  root: FileRoot,
  dir: ConfinedPath,
  pattern: string,
  signal: AbortSignal,
): Promise<{ ok: true; files: FoundFile[] } | { ok: false; result: ToolResult }> {
  if (isAbsolute(pattern) || pattern.startsWith('~') || pattern.split(/[/\\{},()|]/).includes('..')) {
    const content = `Refused: the pattern ${JSON.stringify(pattern)} reaches outside the directory it searches. Use a pattern relative to it (and the path argument to choose the directory).`;
    return { ok: false, result: fileError(FileToolErrorCode.pathOutsideRoot, content) };
  }
  let glob: GlobPattern;
  try {
    glob = compileGlob(pattern);
  } catch (error) {
    if (!(error instanceof GlobSyntaxError)) throw error;
    return { ok: false, result: fileError(FileToolErrorCode.invalidPattern, `The glob ${JSON.stringify(pattern)} cannot be used: ${error.message}.`) };
  }
  const walk: Walk = {
    glob,
    signal,
    skipped: SKIPPED_DIRECTORIES.filter((name) => !names(pattern, name) && !names(dir.display, name)),
    excluded: await excludedDirectories(root),
    files: [],
    prefix: dir.display === '.' ? '' : `${dir.display}/`,
  };
  const start = await baseDirectory(dir.real, glob.base, walk);
  if (start !== undefined) await walkDirectory(walk, start, glob.base.length === 0 ? '' : `${glob.base.join('/')}/`, glob.base.length);
  return { ok: true, files: walk.files.sort((a, b) => byCodeUnits(a.display, b.display)) };
}

/**
 * At most `cap` lines, then a note of how many were left out.
 * @example cappedLines(['a', 'b', 'c'], 2, 'paths') // 'a\nb\n(1 more paths not shown; …)'
 */
export function cappedLines(lines: readonly string[], cap: number, noun: string, total = lines.length): string {
  const shown = lines.slice(0, cap);
  const left = total - shown.length;
  if (left > 0) shown.push(`(${left} more ${noun} not shown; narrow the pattern or the path to see them.)`);
  return shown.join('\n');
}

interface Walk {
  readonly glob: GlobPattern;
  readonly signal: AbortSignal;
  readonly skipped: readonly string[];
  readonly excluded: readonly string[];
  readonly files: FoundFile[];
  readonly prefix: string;
}

// The directory the pattern's literal names lead to, when each of them is a real directory
// (not a link) that may be entered; otherwise there is nothing to find.
async function baseDirectory(start: string, base: readonly string[], walk: Walk): Promise<string | undefined> {
  let current = start;
  for (const name of base) {
    current = join(current, name);
    const info = await lstat(current).catch(() => undefined);
    if (info === undefined || !info.isDirectory() || !mayEnter(walk, name, current)) return undefined;
  }
  return current;
}

async function walkDirectory(walk: Walk, real: string, relative: string, depth: number): Promise<void> {
  if (walk.signal.aborted) throw walk.signal.reason;
  let entries: Dirent[];
  try {
    entries = await readdir(real, { withFileTypes: true });
  } catch {
    return; // unreadable, or gone since it was listed: nothing to find there
  }
  for (const entry of entries) {
    const path = `${relative}${entry.name}`;
    const child = join(real, entry.name);
    // Dirent types come from lstat: a symbolic link is neither a file nor a directory here.
    if (entry.isFile()) {
      if (walk.glob.matches(path)) walk.files.push({ display: walk.prefix + path, real: child });
    } else if (entry.isDirectory() && depth + 1 < walk.glob.maxDepth && mayEnter(walk, entry.name, child)) {
      await walkDirectory(walk, child, `${path}/`, depth + 1);
    }
  }
}

function mayEnter(walk: Walk, name: string, real: string): boolean {
  return !walk.skipped.includes(name as (typeof SKIPPED_DIRECTORIES)[number]) && !walk.excluded.some((excluded) => isInside(excluded, real));
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Whether a glob or path names the directory as one of its segments (or a brace alternative).
function names(text: string, directory: string): boolean {
  return text.split(/[/\\{},]/).includes(directory);
}
