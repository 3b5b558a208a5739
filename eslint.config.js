// Lint: recommended JS and TypeScript rules, lighter rules for tests, and the layering of
// src/ and machines/ (docs/design.md, "Layering"), enforced with import-x/no-restricted-paths:
// every import is resolved to the file it names (`./x.js` to `./x.ts`), and zones say which
// folders may not import which.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';

/** The capability modules: each above the core, in its own folder of src/. */
const capabilityModules = ['builtins', 'skills', 'mcp', 'cli'];
/** What the capability modules share (src/capabilities/shared/): above the core, below the modules. */
const seam = 'src/capabilities';
const aboveCore = [...capabilityModules.map((module) => `src/${module}`), seam];
/** The core: every file of src/ but the capability modules, the seam and the public entry. */
const coreFiles = [`src/!(${[...capabilityModules, 'capabilities'].join('|')})/**`, 'src/!(index).ts'];

const zones = [
  {
    target: [`src/!(run|${[...capabilityModules, 'capabilities'].join('|')})/**`, 'src/!(core|index).ts'],
    from: 'machines',
    message: 'Only src/run/ (which builds Runs) and src/core.ts import machines/; events/ and inspection/ get what they need injected.',
  },
  {
    target: coreFiles,
    from: aboveCore,
    message: 'The core never imports a capability module (builtins, skills, mcp, cli) or their shared seam; only src/index.ts re-exports them.',
  },
  {
    target: 'machines',
    from: ['src/run', 'src/agent', 'src/index.ts', 'src/core.ts', ...aboveCore],
    message: 'machines/ sits below src/run/ and src/agent/: it never imports them, the public entries or a capability module.',
  },
  ...capabilityModules.map((module) => ({
    target: `src/${module}`,
    from: ['src', 'machines'],
    except: [`./${module}`, './core.ts', './capabilities/shared', ...(module === 'cli' ? ['./index.ts'] : [])],
    message: `A capability module imports only src/core.ts${module === 'cli' ? ' (or src/index.ts)' : ''}, src/capabilities/shared/, packages, node builtins and files in src/${module}/.`,
  })),
  {
    target: `${seam}/shared`,
    from: ['src', 'machines'],
    // The core's small helpers the modules share with it (one definition each) come through the seam.
    except: ['./capabilities/shared', './core.ts', './describeError.ts', './describeValue.ts', './isRecord.ts'],
    message: 'src/capabilities/shared/ imports only src/core.ts, the core helpers it re-exports (describeError, describeValue, isRecord) and its own files.',
  },
];

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
  {
    files: ['src/**/*.ts', 'machines/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'], extensionAlias: { '.js': ['.ts', '.js'] } })],
    },
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }] },
  },
);
