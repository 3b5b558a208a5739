// Fails when package-lock.json is out of step with package.json, i.e. when `npm install` on a
// fresh clone would rewrite it. npm recomputes the lock from a copy of the two files in a
// temporary directory (no node_modules, no scripts), and the result must equal the lock as
// committed, byte for byte. Usage: node scripts/checkLockfile.mjs (npm run check:lockfile).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'tinyagent-lockfile-'));
try {
  for (const file of ['package.json', 'package-lock.json']) copyFileSync(join(root, file), join(dir, file));
  execFileSync('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const committed = readFileSync(join(root, 'package-lock.json'), 'utf8');
  const recomputed = readFileSync(join(dir, 'package-lock.json'), 'utf8');
  if (committed !== recomputed) {
    console.error('package-lock.json is out of step with package.json: run `npm install` and commit package-lock.json.');
    process.exit(1);
  }
  console.log('package-lock.json matches package.json.');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
