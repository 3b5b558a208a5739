// Built-in tools, a capability module above the core: file tools confined to a root
// directory and a shell tool that cleans up after its commands. Each makes its own trust
// decisions; the core never imports this folder.
export { createFileTools } from './files/createFileTools.js';
export type { FileToolsOptions } from './files/createFileTools.js';
export type { ReadFileArgs } from './files/readFileTool.js';
export type { ListFilesArgs } from './files/listFilesTool.js';
export type { SearchFilesArgs } from './files/searchFilesTool.js';
export type { WriteFileArgs } from './files/writeFileTool.js';
export type { EditFileArgs } from './files/editFileTool.js';
export { FileToolErrorCode } from '../capabilities/shared/fileErrors.js';
export { createShellTool } from './shell/createShellTool.js';
export type { ShellToolOptions, ShellArgs } from './shell/createShellTool.js';
export { ShellToolErrorCode } from './shell/shellResult.js';
