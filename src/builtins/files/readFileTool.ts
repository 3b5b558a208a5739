// read_file: a text file's lines, numbered, from `offset` for at most `limit` lines; it says
// where it stopped and how to read on.
import type { Tool } from '../../core.js';
import { headChars } from './cutText.js';
import { confine, type FileRoot } from '../../capabilities/shared/confinement.js';
import { FileToolErrorCode, fileError } from '../../capabilities/shared/fileErrors.js';
import { loadTextFile } from './textFile.js';

/** Arguments of `read_file` (a type alias, not an interface, so that it is assignable to `Tool`'s `Record<string, unknown>`). */
export type ReadFileArgs = {
  path: string;
  /** First line to show, from 1. */
  offset?: number;
  /** How many lines to show. */
  limit?: number;
};

const DEFAULT_LIMIT = 2000;
const MAX_LINE_CHARS = 2000;
// Stop well below the runtime's default result limit (30,000 characters), so the tool, not
// the runtime's cut, decides where the output ends and can say how to read on.
const OUTPUT_BUDGET = 20_000;
const NUMBER_WIDTH = 5;

/**
 * The `read_file` tool for a root.
 * @example
 * import { ToolRegistry } from '../../core.js';
 * import { openRoot } from '../../capabilities/shared/confinement.js';
 * new ToolRegistry().register(readFileTool(openRoot('/srv/repo'), 1_048_576))
 */
export function readFileTool(root: FileRoot, maxFileBytes: number): Tool<ReadFileArgs> {
  return {
    name: 'read_file',
    description:
      'Read a UTF-8 text file inside the root directory. Lines are numbered ("   12\\tline"); use offset (first line, from 1) and limit (number of lines) to read part of a long file. Binary files and files over the size limit are refused.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'File path, relative to the root directory' },
        offset: { type: 'integer', minimum: 1, description: 'First line to read, from 1 (default 1)' },
        limit: { type: 'integer', minimum: 1, description: `Number of lines to read (default ${DEFAULT_LIMIT})` },
      },
      required: ['path'],
      additionalProperties: false,
    },
    readOnly: true,
    effects: 'none',
    concurrencySafe: true,
    permissionArgument: { name: 'path', kind: 'path' },
    async execute({ path, offset = 1, limit = DEFAULT_LIMIT }) {
      const target = await confine(root, path);
      if (!target.ok) return target.result;
      if (!target.exists) return fileError(FileToolErrorCode.notFound, `${target.display} does not exist. Use list_files to see which files exist.`);
      const file = await loadTextFile(target.real, target.display, { maxBytes: maxFileBytes, directoryHint: ' Use list_files to see what it holds.' });
      if (!file.ok) return file.result;
      return numberedLines(target.display, file.text, offset, limit);
    },
  };
}

/**
 * Lines `offset`… of a text, numbered, with a note when more lines follow.
 * @example numberedLines('a.txt', 'x\ny\n', 1, 10) // '    1\tx\n    2\ty'
 */
export function numberedLines(display: string, text: string, offset: number, limit: number): string {
  const lines = splitLines(text);
  if (lines.length === 0) return `(${display} is empty)`;
  if (offset > lines.length) return `(${display} has ${lines.length} lines; offset ${offset} is past the end.)`;
  const shown: string[] = [];
  let used = 0;
  let next = offset;
  for (const end = Math.min(lines.length, offset - 1 + limit); next <= end; next++) {
    const line = `${String(next).padStart(NUMBER_WIDTH)}\t${capLine(lines[next - 1] ?? '')}`;
    if (shown.length > 0 && used + line.length + 1 > OUTPUT_BUDGET) break;
    shown.push(line);
    used += line.length + 1;
  }
  const last = next - 1;
  if (last < lines.length) {
    shown.push(`(Showing lines ${offset}-${last} of ${lines.length}. To read on, call read_file with offset ${last + 1}.)`);
  }
  return shown.join('\n');
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop(); // a final newline ends the last line, it does not start one
  return lines;
}

function capLine(line: string): string {
  if (line.length <= MAX_LINE_CHARS) return line;
  return `${headChars(line, MAX_LINE_CHARS)}… [line cut: ${line.length - MAX_LINE_CHARS} more characters]`;
}
