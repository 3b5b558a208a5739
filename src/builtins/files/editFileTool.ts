// edit_file: replace an exact string in a text file (once, or everywhere with
// replace_all), keeping its line endings, byte order mark and permissions; atomic.
import type { NeedsApprovalFn, Tool } from '../../core.js';
import { writeFileAtomically } from './atomicWrite.js';
import { confine, type FileRoot } from '../../capabilities/shared/confinement.js';
import { exactReplace } from './exactReplace.js';
import { FileToolErrorCode, fileError, ioError } from '../../capabilities/shared/fileErrors.js';
import { loadTextFile } from './textFile.js';

/** Arguments of `edit_file`. */
export type EditFileArgs = {
  path: string;
  old_string: string;
  new_string: string;
  replace_all?: boolean;
};

/**
 * The `edit_file` tool for a root.
 * @example
 * import { ToolRegistry } from '../../core.js';
 * import { openRoot } from '../../capabilities/shared/confinement.js';
 * new ToolRegistry().register(editFileTool(openRoot('/srv/repo'), 1_048_576))
 */
export function editFileTool(root: FileRoot, maxFileBytes: number, needsApproval?: boolean | NeedsApprovalFn<EditFileArgs>): Tool<EditFileArgs> {
  return {
    name: 'edit_file',
    description:
      'Replace an exact string in a text file inside the root directory. old_string must match the file exactly (whitespace and indentation included) and occur once, unless replace_all is true. Line endings of the file are kept. The write is atomic.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', minLength: 1, description: 'File path, relative to the root directory' },
        old_string: { type: 'string', minLength: 1, description: 'The exact text to replace' },
        new_string: { type: 'string', description: 'The text to put in its place' },
        replace_all: { type: 'boolean', description: 'Replace every occurrence (default false: old_string must occur exactly once)' },
      },
      required: ['path', 'old_string', 'new_string'],
      additionalProperties: false,
    },
    readOnly: false,
    effects: 'idempotent', // the same edit on the same file: a second run finds it done or refuses
    concurrencySafe: false,
    permissionArgument: { name: 'path', kind: 'path' },
    ...(needsApproval === undefined ? {} : { needsApproval }),
    async execute({ path, old_string: oldString, new_string: newString, replace_all: replaceAll = false }) {
      if (oldString === newString) return fileError(FileToolErrorCode.noChange, 'old_string and new_string are the same; there is nothing to change.');
      const target = await confine(root, path);
      if (!target.ok) return target.result;
      if (!target.exists) return fileError(FileToolErrorCode.notFound, `${target.display} does not exist. Use write_file to create a file.`);
      const file = await loadTextFile(target.real, target.display, { maxBytes: maxFileBytes, keepBom: true });
      if (!file.ok) return file.result;
      const outcome = exactReplace(file.text, oldString, newString, replaceAll);
      if (!outcome.ok && outcome.reason === 'no_match') {
        return fileError(FileToolErrorCode.noMatch, `old_string was not found in ${target.display}. Read the file again and copy the exact text, including whitespace and indentation. Nothing was changed.`);
      }
      if (!outcome.ok) {
        return fileError(FileToolErrorCode.ambiguous, `old_string occurs ${outcome.count} times in ${target.display}. Include more surrounding lines to make it unique, or set replace_all to true to replace every occurrence. Nothing was changed.`);
      }
      try {
        await writeFileAtomically(target.real, outcome.text, file.mode);
      } catch (error) {
        return ioError('write', target.display, error);
      }
      return `Edited ${target.display}: replaced ${outcome.count} ${outcome.count === 1 ? 'occurrence' : 'occurrences'}.`;
    },
  };
}
