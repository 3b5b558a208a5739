// The bench runs as built JavaScript, the way applications run the package: bundled with
// esbuild (what tsup, our build, uses), without tsx's `keepNames`, which wraps every
// function created at run time (a few per tool step) in an Object.defineProperty call.
// Dependencies stay external: xstate, rxjs and ajv load from node_modules as in production.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

/** Inside the repository, so that the bundles' bare imports resolve to its node_modules. */
const OUT_DIR = fileURLToPath(new URL('../.tmp/bench/', import.meta.url));
const entry = (name: string) => fileURLToPath(new URL(`./${name}.ts`, import.meta.url));

/** Builds bench/main.ts and bench/child.ts; resolves with the path of the main bundle. */
export async function bundleBench(): Promise<string> {
  await build({
    entryPoints: { main: entry('main'), child: entry('child'), dbosClient: entry('dbosClient'), dbosWorker: entry('dbosWorker') },
    outdir: OUT_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return `${OUT_DIR}main.mjs`;
}
