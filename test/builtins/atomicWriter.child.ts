// Run by writesAreAtomic.test.ts: rewrites one large file with write_file, alternating two
// contents, until the test kills it with SIGKILL somewhere in the middle of a write.
import { createFileTools } from '../../src/builtins/index.js';

const [root] = process.argv.slice(2) as [string];
const writeFile = createFileTools({ root, write: true }).find((tool) => tool.name === 'write_file')!;
const ctx = { runId: 'r', callId: 'c', toolName: 'write_file', iteration: 1, signal: new AbortController().signal };
const contents = ['A'.repeat(1024 * 1024), 'B'.repeat(1024 * 1024)];
for (let i = 0; ; i++) {
  await writeFile.execute({ path: 'big.txt', content: contents[i % 2]! }, ctx);
  if (i === 0) process.stdout.write('written\n');
}
