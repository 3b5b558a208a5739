// list_files: the files matching a glob under a directory of the root, sorted and capped.
import type { Tool } from '../../core.js';
import type { FileRoot } from '../../capabilities/shared/confinement.js';
import { searchBase } from './directoryArgument.js';
import { FileToolErrorCode, fileError } from '../../capabilities/shared/fileErrors.js';
import { cappedLines, findFiles } from './findFiles.js';

/** Arguments of `list_files`. */
export type ListFilesArgs = {
  /** A glob, e.g. `src/**\/*.ts`. */
  pattern: string;
  /** Directory to list, relative to the root (default: the root). */
  path?: string;
};

const MAX_PATHS = 1000;

/**
 * The `list_files` tool for a root.
 * @example
 * import { ToolRegistry } from '../../core.js';
 * import { openRoot } from '../../capabilities/shared/confinement.js';
 * new ToolRegistry().register(listFilesTool(openRoot('/srv/repo')))
 */
export function listFilesTool(root: FileRoot): Tool<ListFilesArgs> {
  return {
    name: 'list_files',
    description: `List the files whose path matches a glob (e.g. "src/**/*.ts", "**/*.md"), relative to the root directory, one per line, sorted. At most ${MAX_PATHS} paths are shown. .git and node_modules are skipped unless the pattern or path names them; symbolic links are neither listed nor followed.`,
    parameters: {
      type: 'object',
      properties: {
        pattern: { type: 'string', minLength: 1, description: 'Glob pattern, relative to path, e.g. "**/*.ts" (*, ?, **, [abc], {a,b})' },
        path: { type: 'string', description: 'Directory to search in, relative to the root directory (default: the root)' },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
    readOnly: true,
    effects: 'none',
    concurrencySafe: true,
    permissionArgument: { name: 'path', kind: 'path', default: '.' },
    async execute({ pattern, path }, ctx) {
      const base = await searchBase(root, path);
      if (!base.ok) return base.result;
      if (!base.isDirectory) return fileError(FileToolErrorCode.notADirectory, `${base.path.display} is a file, not a directory. Use read_file to read it.`);
      const found = await findFiles(root, base.path, pattern, ctx.signal);
      if (!found.ok) return found.result;
      if (found.files.length === 0) return `No files match ${JSON.stringify(pattern)} in ${base.path.display === '.' ? 'the root directory' : base.path.display}.`;
      return cappedLines(
        found.files.map((file) => file.display),
        MAX_PATHS,
        'paths',
      );
    },
  };
}
