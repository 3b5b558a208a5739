// A temporary project folder and a separate home folder for each test, the scripted model server
// it talks to, and where the CLI keeps the project's sessions; all removed after the test.
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { cleanEnv } from './runCli.js';
import { startScriptedServer, type ScriptedServer, type Turn } from './scriptedOpenAIServer.js';

/** A message as a session file stores it. */
export interface StoredMessage {
  role: string;
  content: string;
  code?: string;
  isError?: boolean;
  toolCalls?: unknown[];
  toolCallId?: string;
}

export interface CliProject {
  /** The current test's project folder (the CLI's working directory). */
  readonly dir: string;
  /** The user's home folder of the test (HOME). */
  readonly home: string;
  /** The model server of the current test, once `serve` started it. */
  readonly server: ScriptedServer | undefined;
  /** Starts the model server for this test (closed after it, or when the test serves again). */
  serve(turns: Turn[]): Promise<ScriptedServer>;
  /** The CLI's environment: HOME set, no provider variables but the server's base URL once serving. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Where the CLI keeps this project's sessions by default: ~/.tinyagent/projects/<real path, sanitised>/sessions. */
  sessionsDir(): string;
  /** The messages of one session file. */
  messages(id: string, dir?: string): StoredMessage[];
}

/**
 * The messages of a session file (its other records, such as leases, left out).
 * @example readSession('/tmp/s/chat.jsonl')
 */
export function readSession(file: string): StoredMessage[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { message?: StoredMessage }).message)
    .filter((message) => message !== undefined);
}

/** Registers the hooks; call at the top of a test file. */
export function useCliProject(prefix: string): CliProject {
  let dir = '';
  let home = '';
  let server: ScriptedServer | undefined;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), prefix));
    home = mkdtempSync(path.join(tmpdir(), `${prefix}home-`));
  });
  afterEach(async () => {
    await server?.close();
    server = undefined;
    rmSync(dir, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });
  const project: CliProject = {
    get dir() {
      return dir;
    },
    get home() {
      return home;
    },
    get server() {
      return server;
    },
    async serve(turns) {
      await server?.close(); // one server at a time: a test that serves again replaces it
      server = await startScriptedServer(turns);
      return server;
    },
    env(extra = {}) {
      return cleanEnv({ HOME: home, ...(server ? { OPENAI_BASE_URL: server.baseURL } : {}), ...extra });
    },
    sessionsDir() {
      return path.join(home, '.tinyagent', 'projects', realpathSync(dir).replace(/[^A-Za-z0-9._-]/g, '-'), 'sessions');
    },
    messages(id, sessions = project.sessionsDir()) {
      return readSession(path.join(sessions, `${id}.jsonl`));
    },
  };
  return project;
}
