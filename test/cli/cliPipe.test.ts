// Output into a pipe whose reader is slow arrives whole: the CLI lets stdout drain before the
// process ends (writes to a pipe are asynchronous; exiting at once would cut them).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { FileSessionStore, type Message } from '../../src/index.js';
import { CLI } from './runCli.js';
import { useCliProject } from './cliProject.js';

const project = useCliProject('tinyagent-cli-pipe-');
const LINES = 450;

it(`sessions show --output jsonl | slow reader: all ${LINES} lines arrive, exit 0`, async () => {
  // About 450 KB: far more than a pipe buffer holds, so most of it waits for the reader.
  const messages: Message[] = Array.from({ length: LINES }, (_, index) => ({ role: 'user', content: `line ${index} ${'x'.repeat(1000)}` }));
  const sessions = path.join(project.dir, 'sessions');
  await new FileSessionStore({ dir: sessions }).append('big', messages);
  // The reader starts reading only after a pause, long after the CLI has written everything it can.
  const pipeline = `'${process.execPath}' '${CLI}' sessions show big --output jsonl --sessions-dir '${sessions}'; echo "cli exit $?" >&2`;
  const shell = spawn('sh', ['-c', `(${pipeline}) | (sleep 1; wc -l)`], { cwd: project.dir, env: project.env() });
  let stdout = '';
  let stderr = '';
  shell.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  shell.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise((resolve) => shell.on('close', resolve));
  expect(code).toBe(0);
  expect(stderr).toContain('cli exit 0');
  expect(Number(stdout.trim())).toBe(LINES);
});
