// npm runs "prepare" after `npm install` in a checkout, and when it installs the package from
// git, where it never runs "prepack": there the clone has no dist/ and the package would have
// no code. Build it then (node scripts/buildPackage.mjs), unless a complete build is already
// there (npm runs "prepare" twice for a git dependency, and again after each install here).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// buildPackage.mjs writes the CommonJS declarations' package.json last.
const built = ['dist/index.js', 'dist/types-cjs/package.json'].every((file) => existsSync(path.join(root, file)));
if (!built) execFileSync(process.execPath, [path.join(root, 'scripts/buildPackage.mjs')], { cwd: root, stdio: 'inherit' });
