// Lint: recommended JS and TypeScript rules, lighter rules for tests, and the layering of
// src/ and machines/ (docs/design.md, "Layering"), enforced with no-restricted-imports.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

/** The capability modules: each above the core, in its own folder of src/. */
const capabilityModules = ['builtins', 'skills', 'mcp', 'cli'];
/** Folder depths below src/ and machines/ that get the layering rules (src/a/b/c/d/x.ts is 4). */
const maxDepth = 6;

const up = (levels) => '(\\.\\./)'.repeat(levels);
/** The glob of the .ts files exactly `depth` folders below `root`. */
const atDepth = (root, depth) => `${root}/${'*/'.repeat(depth)}*.ts`;

// Each restriction is a regex over the import specifier as written, built for one folder
// depth so that it names exactly the folder the specifier resolves to.
const noMachines = (depth) => ({
  regex: `^${depth === 0 ? '\\.\\./' : up(depth + 1)}machines/`,
  message: 'Only src/run/ (which builds Runs) and src/core.ts import machines/; events/ and inspection/ get what they need injected.',
});
const noCapabilityFromSrc = (depth) => ({
  regex: `^${depth === 0 ? '\\./' : up(depth)}(${capabilityModules.join('|')})/`,
  message: 'The core never imports a capability module (builtins, skills, mcp, cli); only src/index.ts re-exports them.',
});
const noUpperLayersFromMachines = (depth) => ({
  regex: `^${up(depth + 1)}src/((run|agent|${capabilityModules.join('|')})/|(index|core)\\.js$)`,
  message: 'machines/ sits below src/run/ and src/agent/: it never imports them, the public entries or a capability module.',
});
const onlyCoreOutsideModule = (module, depth) => ({
  // Anything that climbs out of src/<module>/ except src/core.ts (and, for the CLI, the
  // public entry src/index.ts, through which it composes the other capability modules).
  regex: `^${up(depth)}(?!${module === 'cli' ? '(core|index)' : 'core'}\\.js$)`,
  message: `A capability module imports only ${'../'.repeat(depth)}core.js${module === 'cli' ? ' (or index.js)' : ''}, packages, node builtins and files in src/${module}/.`,
});

/** One config object per file set: flat config replaces (never merges) a rule's options. */
const restrict = (files, ignores, patterns) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const layering = [];
for (let depth = 0; depth <= maxDepth; depth++) {
  const coreIgnores = ['src/run/**', 'src/core.ts', 'src/index.ts', ...capabilityModules.map((module) => `src/${module}/**`)];
  layering.push(restrict([atDepth('src', depth)], coreIgnores, [noMachines(depth), noCapabilityFromSrc(depth)]));
  layering.push(restrict([atDepth('machines', depth)], [], [noUpperLayersFromMachines(depth)]));
  if (depth === 0) continue;
  layering.push(restrict([atDepth('src/run', depth - 1)], [], [noCapabilityFromSrc(depth)]));
  for (const module of capabilityModules) {
    layering.push(restrict([atDepth(`src/${module}`, depth - 1)], [], [onlyCoreOutsideModule(module, depth)]));
  }
}
layering.push(restrict(['src/core.ts'], [], [noCapabilityFromSrc(0)]));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'visualizations/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['examples/**', 'bench/**', 'scripts/**', 'test/**'],
    rules: { 'no-console': 'off' },
  },
  ...layering,
);
