// search_files: the lines matching a regular expression, as `path:line:text`, in the files
// under a directory of the root (optionally filtered by a glob). The expression runs on RE2
// (re2js), whose matching time is linear in the input: a pattern from the model cannot
// hang the process with catastrophic backtracking, as a JavaScript RegExp could.
import { RE2JS } from 're2js';
import type { Tool, ToolResult } from '../../core.js';
import { headChars } from './cutText.js';
import type { FileRoot } from '../../capabilities/shared/confinement.js';
import { searchBase } from './directoryArgument.js';
import { FileToolErrorCode, fileError } from '../../capabilities/shared/fileErrors.js';
import { cappedLines, findFiles, type FoundFile } from './findFiles.js';
import { readBounded } from './readBounded.js';
import { describeError } from '../../capabilities/shared/coreHelpers.js';

/** Arguments of `search_files`. */
export type SearchFilesArgs = {
  /** A regular expression (RE2 syntax). */
  pattern: string;
  /** File or directory to search, relative to the root (default: the root). */
  path?: string;
  /** Only files whose path (relative to `path`) matches this glob. */
  glob?: string;
  ignoreCase?: boolean;
};

const MAX_MATCHES = 500;
const MAX_LINE_CHARS = 300;
const SNIFF_BYTES = 8000;

/**
 * The `search_files` tool for a root.
 * @example
 * import { ToolRegistry } from '../../core.js';
 * import { openRoot } from '../../capabilities/shared/confinement.js';
 * new ToolRegistry().register(searchFilesTool(openRoot('/srv/repo'), 1_048_576))
 */
export function searchFilesTool(root: FileRoot, maxFileBytes: number): Tool<SearchFilesArgs> {
  return {
    name: 'search_files',
    description: `Search file contents with a regular expression (RE2 syntax: no lookaround or backreferences). Prints matching lines as "path:line:text", paths relative to the root directory, sorted; at most ${MAX_MATCHES} lines. Binary files and files over the size limit are skipped, and so are .git and node_modules unless the glob or path names them.`,
    parameters: {
      type: 'object',
      properties: {
        pattern: { type: 'string', minLength: 1, description: 'Regular expression to look for in each line' },
        path: { type: 'string', description: 'File or directory to search, relative to the root directory (default: the root)' },
        glob: { type: 'string', minLength: 1, description: 'Only search files matching this glob, e.g. "**/*.ts"' },
        ignoreCase: { type: 'boolean', description: 'Match without regard to case (default false)' },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
    readOnly: true,
    effects: 'none',
    concurrencySafe: true,
    permissionArgument: { name: 'path', kind: 'path', default: '.' },
    async execute({ pattern, path, glob, ignoreCase }, ctx) {
      let regex: RE2JS;
      try {
        regex = RE2JS.compile(pattern, ignoreCase === true ? RE2JS.CASE_INSENSITIVE : 0);
      } catch (error) {
        const reason = describeError(error);
        return fileError(FileToolErrorCode.invalidPattern, `The regular expression ${JSON.stringify(pattern)} is not valid: ${reason}. The syntax is RE2 (no lookaround, no backreferences).`);
      }
      const base = await searchBase(root, path);
      if (!base.ok) return base.result;
      let files: FoundFile[] = [{ display: base.path.display, real: base.path.real }];
      if (base.isDirectory) {
        const found = await findFiles(root, base.path, glob ?? '**/*', ctx.signal);
        if (!found.ok) return found.result;
        files = found.files;
      }
      return searchAll(files, regex, maxFileBytes, ctx.signal);
    },
  };
}

async function searchAll(files: readonly FoundFile[], regex: RE2JS, maxFileBytes: number, signal: AbortSignal): Promise<ToolResult | string> {
  const matches: string[] = [];
  let total = 0;
  let binary = 0;
  let large = 0;
  for (const file of files) {
    if (signal.aborted) throw signal.reason;
    const bytes = await readSearchable(file.real, maxFileBytes);
    if (bytes === 'large') large++;
    if (bytes === 'binary') binary++;
    if (typeof bytes === 'string') continue;
    const lines = new TextDecoder().decode(bytes).split('\n');
    if (lines.at(-1) === '') lines.pop(); // a final newline ends the last line, it does not start one
    for (let index = 0; index < lines.length; index++) {
      const line = (lines[index] ?? '').replace(/\r$/, '');
      if (!regex.test(line)) continue;
      total++;
      if (matches.length < MAX_MATCHES) matches.push(`${file.display}:${index + 1}:${capLine(line)}`);
    }
  }
  const skipped = skippedNote(binary, large, maxFileBytes);
  if (total === 0) return `No matches for ${JSON.stringify(regex.pattern())} in ${files.length} ${files.length === 1 ? 'file' : 'files'}.${skipped}`;
  return cappedLines(matches, MAX_MATCHES, 'matching lines', total) + skipped;
}

// The file's bytes, or why it is skipped; a file that vanished or cannot be read is skipped too.
async function readSearchable(real: string, maxFileBytes: number): Promise<Buffer | 'large' | 'binary' | 'unreadable'> {
  try {
    const read = await readBounded(real, maxFileBytes);
    if (read.kind === 'large') return 'large';
    if (read.kind !== 'file') return 'unreadable';
    return read.bytes.subarray(0, SNIFF_BYTES).includes(0) ? 'binary' : read.bytes;
  } catch {
    return 'unreadable';
  }
}

function capLine(line: string): string {
  return line.length <= MAX_LINE_CHARS ? line : `${headChars(line, MAX_LINE_CHARS)}…`;
}

function skippedNote(binary: number, large: number, maxFileBytes: number): string {
  const parts: string[] = [];
  if (binary > 0) parts.push(`${binary} binary ${binary === 1 ? 'file' : 'files'}`);
  if (large > 0) parts.push(`${large} ${large === 1 ? 'file' : 'files'} over ${maxFileBytes} bytes`);
  return parts.length === 0 ? '' : `\n(Skipped ${parts.join(' and ')}.)`;
}
