// `--output jsonl` prints exactly the events `agent.stream` gives for the same script:
// the CLI adds no lifecycle of its own.
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

function project(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tinyagent-cli-jsonl-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'notes.txt'), 'hello\n');
  return dir;
}

// What differs between two Runs of the same script: ids, clocks and durations.
function comparable(event: Record<string, unknown>): Record<string, unknown> {
  const { runId: _runId, time: _time, durationMs: _durationMs, ...rest } = event;
  if ('output' in rest) {
    const { runId: _outputRunId, ...output } = rest.output as Record<string, unknown>;
    return { ...rest, output };
  }
  return rest;
}

it('prints the same events as agent.stream for the same script', async () => {
  const cliDir = project();
  const cliServer = await startScriptedServer(script);
  servers.push(cliServer);
  const result = await runCliProcess(['run', 'What is here?', '--output', 'jsonl', '--session', 's'], {
    cwd: cliDir,
    env: cleanEnv({ OPENAI_BASE_URL: cliServer.baseURL, HOME: cliDir }),
  });
  expect(result.code).toBe(0);
  const cliEvents = result.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);

  const sdkDir = project();
  const sdkServer = await startScriptedServer(script);
  servers.push(sdkServer);
  const agent = createAgent({
    provider: createOpenAIProvider({ model: 'gpt-4o-mini', baseURL: sdkServer.baseURL }),
    sessionStore: new FileSessionStore({ dir: path.join(sdkDir, '.tinyagent', 'sessions') }),
  });
  agent.tools.register(...createFileTools({ root: sdkDir, write: false }));
  const sdkEvents: RunEvent[] = await firstValueFrom(agent.stream('What is here?', { sessionId: 's' }).pipe(toArray()));

  expect(cliEvents.map(comparable)).toEqual(JSON.parse(JSON.stringify(sdkEvents)).map(comparable));
  expect(cliServer.requests).toEqual(sdkServer.requests);
});
