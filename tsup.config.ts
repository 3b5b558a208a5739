import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', mcp: 'src/mcp/index.ts', cli: 'src/cli/main.ts' },
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
