// A temporary project folder for each test and the scripted model server it talks to, both
// removed after the test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { startScriptedServer, type ScriptedServer, type Turn } from './scriptedOpenAIServer.js';

export interface CliProject {
  /** The current test's project folder. */
  readonly dir: string;
  /** Starts the model server for this test (closed after it). */
  serve(turns: Turn[]): Promise<ScriptedServer>;
}

/** Registers the hooks; call at the top of a test file. */
export function useCliProject(prefix: string): CliProject {
  let dir = '';
  let server: ScriptedServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
  });
  return {
    get dir() {
      return dir;
    },
    async serve(turns) {
      server = await startScriptedServer(turns);
      return server;
    },
  };
}
