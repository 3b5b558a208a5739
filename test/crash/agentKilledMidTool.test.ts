// docs/design.md, "Sessions and repair", end to end: a process running an agent on a FileSessionStore is SIGKILLed while
// a tool runs. A fresh load returns a valid session (the calls get `interrupted` results),
// reports the repair once, and a later Run continues from it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  createAgent,
  FileSessionStore,
  type Message,
  type SessionRepair,
  type ToolMessage,
} from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import { expectSessionInvariant } from '../helpers/invariants.js';
import { call } from '../helpers/runHarness.js';
import { echoTool } from '../helpers/tools.js';
import { useTempDir } from '../session/sessionTestKit.js';
import type { CrashScenario } from './agentKilledMidTool.child.js';

const childScript = fileURLToPath(new URL('./agentKilledMidTool.child.ts', import.meta.url));

/** Starts the child, waits until its hanging tool says it runs, SIGKILLs it; returns that call's id. */
async function killWhileToolRuns(dir: string, sessionId: string, scenario: CrashScenario): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript, dir, sessionId, scenario], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = once(child, 'exit');
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += String(chunk)));
  let runningCall: string | undefined;
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('error ')) break;
    if (line.startsWith('running ')) {
      runningCall = line.slice('running '.length);
      child.kill('SIGKILL');
      break;
    }
  }
  if (runningCall === undefined) child.kill('SIGKILL');
  const [, signal] = (await exited) as [number | null, NodeJS.Signals | null];
  if (runningCall === undefined) throw new Error(`the child never reported a running tool; stderr:\n${stderr}`);
  expect(signal).toBe('SIGKILL');
  return runningCall;
}

function recordingStore(dir: string) {
  const repairs: SessionRepair[] = [];
  return { store: new FileSessionStore({ dir, onRepair: (repair) => repairs.push(repair) }), repairs };
}

/** Every line of the file is complete (ends with "\n") and a version-2 record; returns the messages. */
async function expectOnlyCompleteRecords(path: string): Promise<Message[]> {
  const text = await readFile(path, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  const records = text.slice(0, -1).split('\n').map((line) => JSON.parse(line) as { v: number; type: string; message?: Message });
  for (const record of records) expect(record.v).toBe(2);
  return records.flatMap((record) => (record.type === 'message' ? [record.message as Message] : []));
}

const input: Message = { role: 'user', content: 'clean up the temp files' };
const interrupted = (toolCallId: string): ToolMessage =>
  expect.objectContaining({ role: 'tool', toolCallId, isError: true, code: 'interrupted', content: expect.stringContaining('interrupted') });

describe('an agent process killed with SIGKILL while a tool runs', () => {
  const dir = useTempDir();
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('leaves a session that loads valid, with the call interrupted, repaired once and on whole lines', async () => {
    const running = await killWhileToolRuns(dir(), 's1', 'oneCall');
    expect(running).toBe('c1');

    const { store, repairs } = recordingStore(dir());
    expect(await store.load('s1')).toHaveLength(2); // a load only reads
    await (await store.acquire('s1', { runId: 'next' })).release(); // the next writer repairs
    const messages = await store.load('s1');

    expect(messages).toEqual([
      input,
      { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'hang', arguments: '{"path":"tmp"}' }] },
      interrupted('c1'),
    ]);
    expectSessionInvariant(messages);
    expect(repairs).toEqual([{ sessionId: 's1', runId: 'next', repaired: [interrupted('c1')] }]);
    // The repair was appended: the file holds exactly the loaded session, as complete records.
    expect(await expectOnlyCompleteRecords(join(dir(), 's1.jsonl'))).toEqual(messages);

    const again = recordingStore(dir());
    await again.store.acquire('s1', { runId: 'after' });
    expect(await again.store.load('s1')).toEqual(messages);
    expect(again.repairs).toEqual([]);
  });

  it('interrupts every call of the batch, the finished one too: results are persisted when the batch ends', async () => {
    // c1 (`quick`) returned before c2 (`hang`) started, but its result lived only in memory.
    expect(await killWhileToolRuns(dir(), 's2', 'secondCallOfBatch')).toBe('c2');

    const { store, repairs } = recordingStore(dir());
    await store.acquire('s2', { runId: 'next' });
    const messages = await store.load('s2');

    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool']);
    expect(messages.slice(2)).toEqual([interrupted('c1'), interrupted('c2')]);
    expect(messages.some((message) => message.content === 'listed 3 files')).toBe(false);
    expectSessionInvariant(messages);
    expect(repairs.map((repair) => repair.repaired.map((result) => result.toolCallId))).toEqual([['c1', 'c2']]);
    expect(await expectOnlyCompleteRecords(join(dir(), 's2.jsonl'))).toEqual(messages);
  });

  it('lets the next Run on the session report the repair, send the interrupted result to the model and go on', async () => {
    await killWhileToolRuns(dir(), 's3', 'oneCall');
    // The default report is a process warning.
    const warn = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
    const provider = createScriptedProvider([
      { toolCalls: [call('c2', 'echo', { text: 'checked' })] },
      { text: 'The cleanup was interrupted; I checked and will retry.' },
    ]);
    const agent = createAgent({ provider, tools: [echoTool()], sessionStore: new FileSessionStore({ dir: dir() }) });

    const output = await agent.run('did it work?', { sessionId: 's3' });

    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('c1');
    expect(warn.mock.calls[0]?.[1]).toMatchObject({ code: 'TINYAGENT_SESSION_REPAIRED' });
    expect(output.status).toBe('completed');
    const history = provider.requests[0]!.messages;
    expect(history.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'user']);
    expect(history[2]).toEqual(interrupted('c1'));
    expect(history[3]).toEqual({ role: 'user', content: 'did it work?' });

    const { store, repairs } = recordingStore(dir());
    const session = await store.load('s3');
    expect(session).toEqual([...history.slice(0, 3), ...output.messages]);
    expectSessionInvariant(session);
    expect(repairs).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
