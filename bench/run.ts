// `npm run bench`: bundles the bench (bench/bundle.ts) and runs it with plain node.
// Arguments pass through: `npm run bench -- s1 s3` runs a subset.
import { spawn } from 'node:child_process';
import { bundleBench } from './bundle.js';

const main = await bundleBench();
const child = spawn(process.execPath, [main, ...process.argv.slice(2)], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
