// Run by writesAreAtomic.test.ts: rewrites one large file the way write_file and edit_file
// do, alternating two contents, until the test kills it with SIGKILL in the middle of a write.
import { join } from 'node:path';
import { writeFileAtomically } from '../../src/builtins/files/atomicWrite.js';

const [root] = process.argv.slice(2) as [string];
const contents = ['A'.repeat(1024 * 1024), 'B'.repeat(1024 * 1024)];
for (let i = 0; ; i++) {
  await writeFileAtomically(join(root, 'big.txt'), contents[i % 2]!);
  if (i === 0) process.stdout.write('written\n');
}
