// The layering of src/ and machines/ (docs/design.md, "Layering") is a lint rule of
// eslint.config.js: planted imports that break it are reported, allowed ones are not, and
// the real tree breaks none.
import { ESLint } from 'eslint';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { glob } from 'tinyglobby';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-imports' });

/** The layering problems ESLint reports for `code` as if it were the file at `filePath`. */
async function layeringProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.map((message) => message.message);
}

describe('the layering lint rule', () => {
  it.each([
    ['src/tools/planted.ts', "import { runMachine } from '../../machines/run.machine.js';", 'Only src/run/'],
    ['src/planted.ts', "import { runMachine } from '../machines/run.machine.js';", 'Only src/run/'],
    ['src/providers/http/planted.ts', "import type { X } from '../../../machines/run/x.js';", 'Only src/run/'],
    ['src/events/planted.ts', "import type { RunContext } from '../../machines/run/runContext.js';", 'Only src/run/'],
    ['src/inspection/planted.ts', "export { runMachine } from '../../machines/run.machine.js';", 'Only src/run/'],
    ['machines/planted.ts', "import { createRunActor } from '../src/run/createRunActor.js';", 'machines/ sits below'],
    ['machines/run/planted.ts', "import type { Agent } from '../../src/agent/createAgent.js';", 'machines/ sits below'],
    ['machines/run/planted.ts', "import { ToolRegistry } from '../../src/core.js';", 'machines/ sits below'],
    ['machines/planted.ts', "import { x } from '../src/index.js';", 'machines/ sits below'],
    ['machines/planted.ts', "import { x } from '../src/mcp/types.js';", 'machines/ sits below'],
    ['src/builtins/planted.ts', "import { ToolRegistry } from '../tools/registry.js';", 'imports only ../core.js'],
    ['src/builtins/files/planted.ts', "import { ToolRegistry } from '../../tools/registry.js';", 'imports only ../../core.js'],
    ['src/builtins/files/planted.ts', "import { x } from '../../index.js';", 'imports only ../../core.js'],
    ['src/skills/planted.ts', "import { limitOutput } from '../tools/calls/limitOutput.js';", 'imports only ../core.js'],
    ['src/mcp/planted.ts', "import { loadSkills } from '../skills/index.js';", 'imports only ../core.js'],
    ['src/mcp/planted.ts', "import { runMachine } from '../../machines/run.machine.js';", 'imports only ../core.js'],
    ['src/cli/commands/planted.ts', "import { x } from '../../session/fileSessionStore.js';", 'imports only ../../core.js'],
    ['src/tools/planted.ts', "import { x } from '../mcp/types.js';", 'The core never imports a capability module'],
    ['src/planted.ts', "export { loadSkills } from './skills/index.js';", 'The core never imports a capability module'],
    ['src/core.ts', "export { createFileTools } from './builtins/files/createFileTools.js';", 'The core never imports a capability module'],
    ['src/run/planted.ts', "import { x } from '../cli/io.js';", 'The core never imports a capability module'],
  ])('reports %s importing: %s', async (filePath, code, expected) => {
    const problems = await layeringProblems(filePath, code);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(expected);
  });

  it.each([
    ['src/run/planted.ts', "import { runMachine } from '../../machines/run.machine.js';"],
    ['src/core.ts', "export { runMachine } from '../machines/run.machine.js';"],
    ['src/index.ts', "export { loadSkills } from './skills/index.js';"],
    ['machines/run/planted.ts', "import type { ToolSet } from '../../src/tools/toolSet.js';"],
    ['src/tools/planted.ts', "import { x } from '../session/sessionStore.js';"],
    ['src/builtins/planted.ts', "import { ToolErrorCode } from '../core.js';"],
    [
      'src/builtins/files/planted.ts',
      "import { ToolErrorCode } from '../../core.js';\nimport { a } from '../shared/errno.js';\nimport { b } from './c.js';\nimport { readFile } from 'node:fs/promises';\nimport { z } from 'zod';",
    ],
    ['src/cli/commands/planted.ts', "import { createAgent } from '../../index.js';\nimport { ExitCode } from '../exitCodes.js';"],
  ])('allows %s importing: %s', async (filePath, code) => {
    expect(await layeringProblems(filePath, code)).toEqual([]);
  });

  it('covers every source file but the public entry src/index.ts, at every depth', async () => {
    const files = (await glob(['src/**/*.ts', 'machines/**/*.ts'], { cwd: root })).filter((file) => file !== 'src/index.ts');
    const uncovered: string[] = [];
    for (const file of [...files, 'src/a/b/c/d/e/planted.ts', 'machines/a/b/c/planted.ts']) {
      const config = (await eslint.calculateConfigForFile(`${root}${file}`)) as { rules?: Record<string, unknown> };
      if (config.rules?.['no-restricted-imports'] === undefined) uncovered.push(file);
    }
    expect(files.length).toBeGreaterThan(50);
    expect(uncovered).toEqual([]);
  });

  it('finds nothing to report in the real src/ and machines/', async () => {
    // Linting the files whole would parse every one with the TypeScript parser (seconds);
    // their import specifiers, linted as bare imports at the same paths, are what the rule
    // reads. `npm run lint` checks the files themselves.
    const files = await glob(['src/**/*.ts', 'machines/**/*.ts'], { cwd: root });
    const problems: string[] = [];
    let specifiers = 0;
    for (const file of files) {
      const source = await readFile(`${root}${file}`, 'utf8');
      const imports = [...source.matchAll(/^\s*(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'|^\s*import\s*'([^']+)'/gms)].map((match) => match[1] ?? match[2]);
      specifiers += imports.length;
      const found = await layeringProblems(file, imports.map((specifier) => `import '${specifier}';`).join('\n'));
      problems.push(...found.map((problem) => `${file}: ${problem}`));
    }
    expect(files.length).toBeGreaterThan(50);
    expect(specifiers).toBeGreaterThan(files.length);
    expect(problems).toEqual([]);
  });
});
