// `--output-format json`: one result object on stdout at the end, whatever the Run's end.
import { expect, it } from 'vitest';
import { runCliProcess } from './runCli.js';
import { useCliProject } from './cliProject.js';

const project = useCliProject('tinyagent-cli-json-');

it('prints one result object: status, the answer, session and run ids, usage, iterations, turns, tool calls, duration', async () => {
  await project.serve([{ calls: [{ id: 'l', name: 'list_files', args: { pattern: '*' } }] }, { text: 'Nothing here.' }]);
  const result = await runCliProcess(['run', 'What is here?', '--output-format', 'json', '--session-id', 'js'], { cwd: project.dir, env: project.env() });
  expect(result.code).toBe(0);
  expect(result.stderr).toBe('');
  const lines = result.stdout.trim().split('\n');
  expect(lines).toHaveLength(1);
  const record = JSON.parse(lines[0]!) as Record<string, unknown>;
  expect(record).toEqual({
    type: 'result',
    status: 'completed',
    result: 'Nothing here.',
    sessionId: 'js',
    runId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    usage: { inputTokens: 20, outputTokens: 10, totalTokens: 30 },
    iterations: 1,
    turns: 2,
    toolCalls: 1,
    durationMs: expect.any(Number),
  });
  expect(Number.isInteger(record.durationMs)).toBe(true);
});

it('gives the error and its code when the Run did not complete (exit 1)', async () => {
  await project.serve([{ status: 401, body: '{"error":{"message":"bad key"}}' }]);
  const result = await runCliProcess(['run', 'hi', '--output-format', 'json'], { cwd: project.dir, env: project.env() });
  expect(result.code).toBe(1);
  const record = JSON.parse(result.stdout) as { status: string; error: { code: string; message: string }; result?: string };
  expect(record.status).toBe('failed');
  expect(record.error.code).toBe('provider_error');
  expect(record.result).toBeUndefined();
});
