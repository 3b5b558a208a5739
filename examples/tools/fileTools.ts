// Two real read-only tools for the demo: list a folder and read a file, both confined to
// one root folder so the model cannot read outside it.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Tool } from '../../src/index.js';

function inside(root: string, relative: unknown): string {
  if (typeof relative !== 'string') throw new Error('path must be a string');
  const resolved = path.resolve(root, relative);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) throw new Error(`"${relative}" is outside the project`);
  return resolved;
}

/** Lists the entries of a folder under `root`, folders marked with a trailing slash. */
export function listFilesTool(root: string): Tool<{ path: string }> {
  return {
    name: 'list_files',
    description: 'List the files and folders in a folder of the project (path relative to the project root).',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', description: 'Folder, relative to the project root', default: '.' } },
      required: ['path'],
      additionalProperties: false,
    },
    readOnly: true,
    concurrencySafe: true,
    async execute({ path: folder }, { signal }) {
      const entries = await readdir(inside(root, folder), { withFileTypes: true });
      signal.throwIfAborted();
      return entries
        .filter((entry) => !entry.name.startsWith('.') && entry.name !== 'node_modules')
        .map((entry) => (entry.isDirectory() ? `${entry.name}/` : entry.name))
        .sort()
        .join('\n');
    },
  };
}

/** Reads a text file under `root`, refusing files over 256 KiB. */
export function readFileTool(root: string): Tool<{ path: string }> {
  return {
    name: 'read_file',
    description: 'Read a text file of the project (path relative to the project root).',
    parameters: {
      type: 'object',
      properties: { path: { type: 'string', minLength: 1 } },
      required: ['path'],
      additionalProperties: false,
    },
    readOnly: true,
    concurrencySafe: true,
    async execute({ path: file }, { signal }) {
      const target = inside(root, file);
      const info = await stat(target);
      if (info.size > 256 * 1024) return { content: `${file} is ${info.size} bytes; too large to read`, isError: true, code: 'file_too_large' };
      return readFile(target, { encoding: 'utf8', signal });
    },
  };
}
