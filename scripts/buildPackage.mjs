// `npm pack` builds the package with this (package.json "prepack"): the ESM bundle (tsup),
// the declarations (tsc), and a CommonJS copy of the declarations, so that TypeScript
// projects that compile to CommonJS (module node16/commonjs) type `require('tinyagent')`,
// which Node >= 20.19 serves from the same ESM files. Usage: node scripts/buildPackage.mjs [outDir]
import { execFileSync } from 'node:child_process';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });

run(bin('tsup'), ['--out-dir', outDir]);
run(bin('tsc'), ['-p', 'tsconfig.build.json', '--outDir', path.join(outDir, 'types')]);
const cjsTypes = path.join(outDir, 'types-cjs');
rmSync(cjsTypes, { recursive: true, force: true });
cpSync(path.join(outDir, 'types'), cjsTypes, { recursive: true });
// The same declarations, read as CommonJS: TypeScript takes a .d.ts file's module format from the nearest package.json.
writeFileSync(path.join(cjsTypes, 'package.json'), '{ "type": "commonjs" }\n');
