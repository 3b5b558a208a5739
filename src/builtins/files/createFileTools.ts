// createFileTools: the file tools of one root directory, options checked at creation.
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NeedsApprovalFn, Tool } from '../../core.js';
import { optionChecks } from '../../capabilities/shared/options.js';
import { isInside, openRoot } from '../../capabilities/shared/confinement.js';
import { editFileTool, type EditFileArgs } from './editFileTool.js';
import { listFilesTool } from './listFilesTool.js';
import { readFileTool } from './readFileTool.js';
import { searchFilesTool } from './searchFilesTool.js';
import { writeFileTool, type WriteFileArgs } from './writeFileTool.js';

/** Options of `createFileTools`. */
export interface FileToolsOptions {
  /** The directory the tools may read (and write); it must exist. Nothing outside it is reachable. */
  root: string;
  /** Add `write_file` and `edit_file` (default false: read-only tools only). */
  write?: boolean;
  /** Files larger than this are refused by read_file and edit_file and skipped by search_files (default 1 MiB). */
  maxFileBytes?: number;
  /**
   * Whether `write_file` and `edit_file` calls need a person's approval: `true`, or a function of
   * the call's arguments (`ctx.toolName` says which tool). The reading tools never need it.
   */
  needsApproval?: boolean | NeedsApprovalFn<WriteFileArgs | EditFileArgs>;
  /**
   * Directories inside the root the tools refuse, as if they were outside it (`path_excluded`):
   * nothing in them is read, listed, searched or written, whichever path or link leads there.
   * Relative paths are resolved against the root; a directory need not exist yet.
   */
  exclude?: readonly string[];
}

const OPTIONS = ['root', 'write', 'maxFileBytes', 'needsApproval', 'exclude'] as const;
const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;
const check = optionChecks('createFileTools');

/**
 * The file tools confined to `root`: read_file, list_files, search_files, and with `write: true` write_file and edit_file.
 * @example
 * agent.tools.register(...createFileTools({ root: './my-repo', write: true, needsApproval: true, exclude: ['.tinyagent'] }));
 */
export function createFileTools(options: FileToolsOptions): Tool[] {
  const given = check.object(options, OPTIONS);
  const rootPath = check.directory('root', given.root);
  const root = openRoot(rootPath, excludeOption(rootPath, given.exclude));
  const write = check.boolean('write', given.write, false);
  const maxFileBytes = check.integer('maxFileBytes', given.maxFileBytes, 1, DEFAULT_MAX_FILE_BYTES);
  const needsApproval = check.approval<WriteFileArgs | EditFileArgs>(given.needsApproval);
  const tools: Tool[] = [readFileTool(root, maxFileBytes), listFilesTool(root), searchFilesTool(root, maxFileBytes)];
  if (write) tools.push(writeFileTool(root, needsApproval), editFileTool(root, maxFileBytes, needsApproval));
  return tools;
}

function excludeOption(root: string, value: unknown): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((entry) => typeof entry === 'string' && entry !== '' && !entry.includes('\0'))) {
    throw check.mustBe('exclude', 'an array of directory paths (non-empty strings)', value);
  }
  const realRoot = realpathSync(root);
  return value.map((entry: string) => {
    const dir = resolve(root, entry);
    if (isInside(dir, root) || isInside(dir, realRoot)) throw check.fail(`exclude ${JSON.stringify(entry)} contains the root ${root}: nothing would be left to use.`);
    return dir;
  });
}
