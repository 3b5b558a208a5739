// Two places for OAuth state: memory (the default) and one 0600 file per server under a
// folder of the application's choosing (the CLI: the user's config folder).
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { optionChecks } from '../../capabilities/shared/options.js';
import type { McpOAuthState, McpOAuthStore } from './oauthTypes.js';

/**
 * A store that keeps OAuth state in memory only.
 * @example
 * import { ToolRegistry } from 'tinyagent';
 * import { connectMcpServers, loadMcpConfig } from 'tinyagent/mcp';
 * declare const getAuthorizationCode: (server: string, authorizationUrl: URL) => Promise<string>;
 * const config = await loadMcpConfig('.mcp.json');
 * const store = createMemoryOAuthStore();
 * await connectMcpServers(config, new ToolRegistry(), { oauth: { getAuthorizationCode, store } });
 */
export function createMemoryOAuthStore(): McpOAuthStore {
  const states = new Map<string, McpOAuthState>();
  return {
    load: async (server) => structuredClone(states.get(server)),
    save: async (server, state) => void states.set(server, structuredClone(state)),
    delete: async (server) => void states.delete(server),
  };
}

/**
 * A store with one JSON file per server in `dir` (created 0700), each written 0600 and replaced atomically.
 * @example
 * import { homedir } from 'node:os';
 * import { join } from 'node:path';
 * const store = createFileOAuthStore({ dir: join(homedir(), '.config', 'tinyagent', 'mcp-oauth') });
 */
export function createFileOAuthStore(options: { dir: string }): McpOAuthStore {
  if (typeof options?.dir !== 'string' || options.dir === '') throw optionChecks('createFileOAuthStore').mustBe('dir', 'a non-empty string', options?.dir);
  const { dir } = options;
  const fileOf = (server: string) => join(dir, `${encodeURIComponent(server).replace(/\./g, '%2E')}.json`);
  return {
    async load(server) {
      let text: string;
      try {
        text = await readFile(fileOf(server), 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      try {
        return JSON.parse(text) as McpOAuthState;
      } catch {
        return undefined; // a damaged file means signing in again, not a failure
      }
    },
    async save(server, state) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const file = fileOf(server);
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
      await chmod(temporary, 0o600);
      await rename(temporary, file);
    },
    async delete(server) {
      await rm(fileOf(server), { force: true });
    },
  };
}
