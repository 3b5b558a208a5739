// write_file: create a file, or replace a file's whole content, atomically.
import { mkdir, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { NeedsApprovalFn, Tool } from '../../core.js';
import { hasErrnoCode } from '../../capabilities/shared/errno.js';
import { writeFileAtomically } from './atomicWrite.js';
import { confine, type FileRoot } from '../../capabilities/shared/confinement.js';
import { FileToolErrorCode, fileError, ioError } from '../../capabilities/shared/fileErrors.js';

/** Arguments of `write_file`. */
export type WriteFileArgs = {
  path: string;
  content: string;
};

/**
 * The `write_file` tool for a root.
 * @example
 * import { ToolRegistry } from '../../core.js';
 * import { openRoot } from '../../capabilities/shared/confinement.js';
 * new ToolRegistry().register(writeFileTool(openRoot('/srv/repo'), true))
 */
export function writeFileTool(root: FileRoot, needsApproval?: boolean | NeedsApprovalFn<WriteFileArgs>): Tool<WriteFileArgs> {
  return {
    name: 'write_file',
    description:
      'Create a file inside the root directory, or replace its whole content (missing parent directories are created). The write is atomic. To change part of an existing file, prefer edit_file.',
    parameters: {
      type: 'object',
      properties: {
        path: { type: 'string', minLength: 1, description: 'File path, relative to the root directory' },
        content: { type: 'string', description: 'The complete new content of the file' },
      },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    readOnly: false,
    effects: 'idempotent', // the same content again leaves the same file
    concurrencySafe: false,
    permissionArgument: { name: 'path', kind: 'path' },
    ...(needsApproval === undefined ? {} : { needsApproval }),
    async execute({ path, content }) {
      const target = await confine(root, path);
      if (!target.ok) return target.result;
      let mode: number | undefined;
      try {
        const info = await stat(target.real);
        if (!info.isFile()) return fileError(FileToolErrorCode.notAFile, `${target.display} exists and is not a regular file; only files can be written.`);
        mode = info.mode & 0o7777;
      } catch (error) {
        if (!hasErrnoCode(error, 'ENOENT')) return ioError('write', target.display, error);
      }
      try {
        if (mode === undefined) await mkdir(dirname(target.real), { recursive: true });
        await writeFileAtomically(target.real, content, mode);
      } catch (error) {
        return ioError('write', target.display, error);
      }
      const bytes = Buffer.byteLength(content);
      return `${mode === undefined ? 'Created' : 'Replaced'} ${target.display} (${bytes} bytes).`;
    },
  };
}
