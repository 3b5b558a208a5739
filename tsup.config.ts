// The published build: ESM only (require() of it works on Node >= 20.19, so there is one
// copy of every class whichever way it is loaded). Declarations come from tsc
// (tsconfig.build.json) into dist/types. Entries: the main API, `tinyagent/testing`,
// `tinyagent/mcp`, `tinyagent/postgres` (which loads the optional peer `pg` itself), and the CLI (package.json "bin").
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    testing: 'src/testing.ts',
    mcp: 'src/mcp/index.ts',
    dbos: 'src/dbos/index.ts',
    postgres: 'src/postgres/index.ts',
    cli: 'src/cli/main.ts',
  },
  format: ['esm'],
  splitting: true,
  dts: false,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
