// Finding files under a directory of the root with a glob (tinyglobby), confined to the
// root: patterns that climb out are refused, symbolic links are neither followed nor
// listed, and .git and node_modules are skipped unless the pattern or path names them.
import { isAbsolute, resolve } from 'node:path';
import { glob } from 'tinyglobby';
import type { ToolResult } from '../../core.js';
import { isExcluded, isInside, toDisplay, type ConfinedPath, type FileRoot } from './confinement.js';
import { FileToolErrorCode, fileError } from './fileResults.js';

const SKIPPED_DIRECTORIES = ['.git', 'node_modules'] as const;

/** A file found under the root: how the model sees its path, and where it is. */
export interface FoundFile {
  readonly display: string;
  readonly real: string;
}

/**
 * The files under `dir` that match `pattern`, sorted by their path relative to the root.
 * @example await findFiles(dir, 'src/**\/*.ts', signal, root) // { ok: true, files: [{ display: 'src/a.ts', real: '/srv/repo/src/a.ts' }] }
 */
export async function findFiles(
  dir: ConfinedPath,
  pattern: string,
  signal: AbortSignal,
  root: Pick<FileRoot, 'excluded'> = { excluded: [] },
): Promise<{ ok: true; files: FoundFile[] } | { ok: false; result: ToolResult }> {
  if (isAbsolute(pattern) || pattern.startsWith('~') || pattern.split(/[/\\{},()|]/).includes('..')) {
    const content = `Refused: the pattern ${JSON.stringify(pattern)} reaches outside the directory it searches. Use a pattern relative to it (and the path argument to choose the directory).`;
    return { ok: false, result: fileError(FileToolErrorCode.pathOutsideRoot, content) };
  }
  const ignore = SKIPPED_DIRECTORIES.filter((name) => !names(pattern, name) && !names(dir.display, name)).map((name) => `**/${name}/**`);
  let found: string[];
  try {
    found = await glob(pattern, { cwd: dir.real, dot: true, followSymbolicLinks: false, onlyFiles: true, ignore, signal });
  } catch (error) {
    if (signal.aborted) throw error;
    return { ok: false, result: fileError(FileToolErrorCode.invalidPattern, `The glob ${JSON.stringify(pattern)} could not be used: ${String(error)}`) };
  }
  const prefix = dir.display === '.' ? '' : `${dir.display}/`;
  // Belt and braces: should a pattern still climb out, what it finds there never reaches the model.
  const files = found
    .map((path) => ({ display: prefix + toDisplay(path), real: resolve(dir.real, path) }))
    .filter((file) => isInside(dir.real, file.real) && !isExcluded(root, file.real));
  return { ok: true, files: files.sort((a, b) => byCodeUnits(a.display, b.display)) };
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

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// Whether a glob or path names the directory as one of its segments (or a brace alternative).
function names(text: string, directory: string): boolean {
  return text.split(/[/\\{},]/).includes(directory);
}
