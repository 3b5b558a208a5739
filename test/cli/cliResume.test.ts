// `tinyagent resume <id>`: a CLI Run killed (SIGKILL) while its tool ran is continued by another
// CLI process where it stopped: the running call gets an interrupted result and is not run
// again, the model is asked once more, and the Run completes in the same session. A session
// that does not exist, or has nothing to resume, exits 2.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { useCliProject } from './cliProject.js';
import { runCliProcess, startCli } from './runCli.js';

const project = useCliProject('tinyagent-cli-resume-');

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Starts a Run whose shell call waits for the gate file, and kills the CLI once the call runs. */
async function killedWhileToolRuns(session: string): Promise<void> {
  const command = 'echo ran >> runs.log; while [ ! -f gate ]; do sleep 0.05; done';
  await project.serve([{ calls: [{ id: 's1', name: 'shell', args: { command } }] }, { text: 'Resumed and done.' }]);
  const cli = startCli(['run', 'do the work', '--tools', 'shell', '--yes', '--session', session], { cwd: project.dir, env: project.env() });
  await until(() => existsSync(path.join(project.dir, 'runs.log')));
  cli.child.kill('SIGKILL');
  expect((await cli.result).signal).toBe('SIGKILL');
  writeFileSync(path.join(project.dir, 'gate'), ''); // ends the orphaned command
}

it('continues a Run killed while its tool ran: the call is interrupted, not run again, and the Run completes (stream-json)', async () => {
  await killedWhileToolRuns('job');
  expect((await runCliProcess(['sessions', 'list'], { cwd: project.dir, env: project.env() })).stdout).toMatch(/^job .* interrupted /m);

  const resumed = await runCliProcess(['resume', 'job', '--tools', 'shell', '--yes', '--output-format', 'stream-json'], { cwd: project.dir, env: project.env() });
  expect(resumed.code).toBe(0);
  const records = resumed.stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(records[0]).toMatchObject({ type: 'init', sessionId: 'job' });
  expect(records[1]).toMatchObject({ type: 'run.resumed', sessionId: 'job', input: 'do the work', interruptedCalls: ['s1'] });
  expect(records[1]!.runId).toBe(records[0]!.runId);
  expect(records.at(-1)).toMatchObject({ type: 'result', status: 'completed', result: 'Resumed and done.', sessionId: 'job' });
  // The interrupted call ends with its interrupted result; nothing runs again.
  expect(records.filter((record) => record.type === 'tool.completed')).toEqual([]);
  expect(records.filter((record) => record.type === 'tool.failed')).toMatchObject([{ callId: 's1', code: 'interrupted' }]);
  expect(readFileSync(path.join(project.dir, 'runs.log'), 'utf8')).toBe('ran\n');

  const messages = project.messages('job');
  expect(messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual(['do the work']);
  expect(messages.find((message) => message.role === 'tool')).toMatchObject({ isError: true, code: 'interrupted' });
  expect(messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Resumed and done.' });
  expect(project.server!.requests).toHaveLength(2);

  // Nothing left to resume: exit 2, nothing on stdout.
  const again = await runCliProcess(['resume', 'job', '--tools', 'shell', '--output-format', 'json'], { cwd: project.dir, env: project.env() });
  expect(again.code).toBe(2);
  expect(again.stdout).toBe('');
  expect(again.stderr).toMatch(/has no unfinished Run to resume/);
});

it('prints the answer on stdout and the resume on stderr in text mode', async () => {
  await killedWhileToolRuns('text');
  const resumed = await runCliProcess(['resume', 'text', '--tools', 'shell', '--yes'], { cwd: project.dir, env: project.env() });
  expect(resumed.code).toBe(0);
  expect(resumed.stdout).toBe('Resumed and done.\n');
  expect(resumed.stderr).toMatch(/resuming Run \S+ · 1 tool batch done · 1 interrupted call, not run again/);
  expect(resumed.stderr).toMatch(/✗ shell \[interrupted\]/);
  expect(resumed.stderr).toMatch(/completed · 1 turn · /);
  expect(resumed.stderr).toMatch(/session text$/m);
});

it('exits 2 for a session that does not exist, an invalid id, or one whose Runs all finished', async () => {
  const missing = await runCliProcess(['resume', 'nope'], { cwd: project.dir, env: project.env({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }) });
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(/no session "nope"/);
  expect((await runCliProcess(['resume', '../x'], { cwd: project.dir, env: project.env({ OPENAI_BASE_URL: 'http://127.0.0.1:9/v1' }) })).code).toBe(2);
  await project.serve([{ text: 'Done.' }]);
  expect((await runCliProcess(['run', 'hi', '--tools', 'none', '--session', 'done'], { cwd: project.dir, env: project.env() })).code).toBe(0);
  const finished = await runCliProcess(['resume', 'done', '--tools', 'none'], { cwd: project.dir, env: project.env() });
  expect(finished.code).toBe(2);
  expect(finished.stderr).toMatch(/nothing_to_resume|no unfinished Run/);
});
