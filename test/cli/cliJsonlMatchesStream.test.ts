// `--output-format stream-json` prints an init record, then exactly the events `agent.stream`
// gives for the same script (with the session id added), then the result: the CLI adds no
// lifecycle of its own. `--output jsonl` is the same format under its old name.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { firstValueFrom, toArray } from 'rxjs';
import { afterEach, expect, it } from 'vitest';
import { createAgent, createFileTools, createOpenAIProvider, FileSessionStore, type RunEvent } from '../../src/index.js';
import { cleanEnv, runCliProcess } from './runCli.js';
import { startScriptedServer, type ScriptedServer, type Turn } from './scriptedOpenAIServer.js';

const dirs: string[] = [];
const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const script: Turn[] = [
  { text: 'Looking.', calls: [{ id: 'c1', name: 'read_file', args: { path: 'notes.txt' } }, { id: 'c2', name: 'list_files', args: { pattern: '*.txt' } }] },
  { text: 'Two files.' },
];

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

function project(): string {
  const dir = tempDir('tinyagent-cli-jsonl-');
  writeFileSync(path.join(dir, 'notes.txt'), 'hello\n');
  return dir;
}

// What differs between two Runs of the same script: ids, clocks and durations.
function comparable(event: Record<string, unknown>): Record<string, unknown> {
  const { runId: _runId, time: _time, durationMs: _durationMs, ...rest } = event;
  if ('output' in rest) {
    // Ids and clock readings differ between two Runs; everything else must be equal.
    const { runId: _outputRunId, spent, ...output } = rest.output as Record<string, unknown>;
    if (spent === undefined) return { ...rest, output };
    const { startedAt: _startedAt, ...figures } = spent as Record<string, unknown>;
    return { ...rest, output: { ...output, spent: figures } };
  }
  return rest;
}

it.each([['--output-format', 'stream-json'], ['--output', 'jsonl']])('%s %s: init, the same events as agent.stream for the same script, then the result', async (flag, format) => {
  const cliDir = project();
  const cliServer = await startScriptedServer(script);
  servers.push(cliServer);
  const result = await runCliProcess(['run', 'What is here?', flag, format, '--session', 's'], {
    cwd: cliDir,
    env: cleanEnv({ OPENAI_BASE_URL: cliServer.baseURL, HOME: tempDir('tinyagent-cli-jsonl-home-') }),
  });
  expect(result.code).toBe(0);
  expect(result.stderr).toBe('');
  const lines = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  const [init, ...rest] = lines;
  const events = rest.slice(0, -1);
  const last = rest.at(-1)!;
  const runId = events[0]!.runId;
  expect(init).toEqual({ type: 'init', sessionId: 's', runId, model: 'gpt-4o-mini', tools: ['read_file', 'list_files', 'search_files'], cwd: cliDir, version: expect.any(String) });
  expect(last).toMatchObject({ type: 'result', status: 'completed', result: 'Two files.', sessionId: 's', runId, iterations: 1, turns: 2, toolCalls: 2 });
  for (const event of events) {
    expect(event.sessionId).toBe('s');
    expect(Number.isInteger(event.time)).toBe(true);
  }

  const sdkDir = project();
  const sdkServer = await startScriptedServer(script);
  servers.push(sdkServer);
  const agent = createAgent({
    provider: createOpenAIProvider({ model: 'gpt-4o-mini', baseURL: sdkServer.baseURL }),
    sessionStore: new FileSessionStore({ dir: path.join(sdkDir, 'sessions') }),
    // The CLI's system prompt names its working directory; the SDK's Run is given the same text.
    instructions: (cliServer.requests[0].messages[0].content as string).replace(cliDir, sdkDir),
  });
  agent.tools.register(...createFileTools({ root: sdkDir, write: false }));
  const sdkEvents: RunEvent[] = await firstValueFrom(agent.stream('What is here?', { sessionId: 's' }).pipe(toArray()));

  const withoutSession = events.map(({ sessionId: _sessionId, ...event }) => event);
  expect(withoutSession.map(comparable)).toEqual(JSON.parse(JSON.stringify(sdkEvents)).map(comparable));
  const systemFree = (requests: { messages: { role: string; content: string }[] }[]) => requests.map((request) => ({ ...request, messages: request.messages.slice(1) }));
  expect(systemFree(cliServer.requests)).toEqual(systemFree(sdkServer.requests));
});
