// A sub-agent's events (an agent used as a tool, agentTool) in the CLI's text output: its tool
// calls and what it says are nested, indented lines on stderr under the call that runs it;
// stdout carries only the top Run's answer, and the summary counts the top Run's turns and
// calls. (The CLI has no flag that adds sub-agents: the events come from a real Run here,
// rendered by the CLI's output sink, as `tinyagent run` renders them.)
import { PassThrough } from 'node:stream';
import { lastValueFrom, toArray } from 'rxjs';
import { expect, it } from 'vitest';
import { agentTool, createAgent, isTerminalRunEvent, type RunOutput, type Tool } from '../../src/index.js';
import { createScriptedProvider } from '../../src/testing.js';
import type { CliIo } from '../../src/cli/io.js';
import { OutputSink, type OutputFormat } from '../../src/cli/render/outputSink.js';
import { RunTally } from '../../src/cli/render/runTally.js';

const echo: Tool = {
  name: 'echo',
  description: 'Echoes its text',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
  execute: async (args) => ({ content: String((args as { text: string }).text) }),
};

function capture() {
  const stream = new PassThrough();
  let text = '';
  stream.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
  return { stream: Object.assign(stream, { isTTY: false }), text: () => text };
}

async function render(format: OutputFormat) {
  const deepest = createAgent({ provider: createScriptedProvider([{ text: 'Deep \u001b]0;x\u0007 down.' }]) });
  const child = createAgent({
    provider: createScriptedProvider([
      { text: 'Looking.', toolCalls: [{ id: 'c1', name: 'echo', arguments: '{"text":"deep"}' }] },
      { text: '', toolCalls: [{ id: 'c2', name: 'ask_deeper', arguments: '{"input":"deeper"}' }] },
      { text: 'Found it.' },
    ]),
    tools: [echo, agentTool(deepest, { name: 'ask_deeper', description: 'Asks deeper' })],
  });
  const parent = createAgent({
    provider: createScriptedProvider([{ text: '', toolCalls: [{ id: 'p1', name: 'research', arguments: '{"input":"look it up"}' }] }, { text: 'The answer.' }]),
    tools: [agentTool(child, { name: 'research', description: 'Researches' })],
  });
  const stdout = capture();
  const stderr = capture();
  const io: CliIo = { stdin: new PassThrough(), stdout: stdout.stream, stderr: stderr.stream, env: { NO_COLOR: '1' }, onSignals: () => () => {}, exitSoon: () => {} };
  const tally = new RunTally();
  const sink = new OutputSink({ format, io, sessionId: 'main', tally, init: (runId) => ({ type: 'init', sessionId: 'main', runId, model: 'scripted', tools: [], cwd: '.', version: '0' }), asksApproval: () => false });
  const events = await lastValueFrom(parent.stream('Go', { sessionId: 'main' }).pipe(toArray()));
  for (const event of events) {
    tally.handle(event);
    sink.event(event);
  }
  const output = events.filter((event) => isTerminalRunEvent(event) && event.parentRunId === undefined).map((event) => (event as { output: RunOutput }).output)[0]!;
  sink.finish(output);
  await new Promise((resolve) => setImmediate(resolve));
  return { stdout: stdout.text(), stderr: stderr.text(), events };
}

it("nests a sub-agent's tool calls and words under the call that runs it, deeper for a sub-agent's sub-agent", async () => {
  const { stdout, stderr } = await render('text');
  expect(stdout).toBe('The answer.\n');
  const lines = stderr.split('\n').map((line) => line.replace(/\(\d+(\.\d+)? m?s\)/, '(…)'));
  expect(lines.slice(0, 10)).toEqual([
    '→ research {"input":"look it up"}',
    '  │ Looking.',
    '  │ → echo {"text":"deep"}',
    '  │   ✓ echo (…)',
    '  │ → ask_deeper {"input":"deeper"}',
    '    │ Deep ^[]0;x^G down.',
    '  │   ✓ ask_deeper (…)',
    '  │ Found it.',
    '  ✓ research (…)',
    expect.stringMatching(/^completed · 2 turns · 1 tool call · /) as string,
  ]);
});

it('leaves the JSON formats as the library streams them: every event, sub-agents tagged with their parent', async () => {
  const { stdout, events } = await render('stream-json');
  const records = stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; parentRunId?: string });
  expect(records).toHaveLength(events.length + 2); // init and result around the events
  expect(records.filter((record) => record.parentRunId !== undefined).length).toBe(events.filter((event) => event.parentRunId !== undefined).length);
  expect(records.at(-1)).toMatchObject({ type: 'result', status: 'completed', result: 'The answer.', turns: 2, toolCalls: 1 });
});
