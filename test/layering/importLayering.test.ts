// The layering of src/ and machines/ (docs/design.md, "Layering") is a lint rule of
// eslint.config.js (import-x/no-restricted-paths over resolved paths): planted imports that
// break it are reported, allowed ones are not. `npm run lint` checks the real tree.
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths' });

/** The layering problems ESLint reports for `code` as if it were the file at `filePath`. */
async function layeringProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return result!.messages.map((message) => message.message);
}

describe('the layering lint rule', () => {
  it.each([
    ['src/tools/planted.ts', "import { runMachine } from '../../machines/run.machine.js';", 'Only src/run/'],
    ['src/providers/http/planted.ts', "import type { X } from '../../../machines/run/runContext.js';", 'Only src/run/'],
    ['src/planted.ts', "export { runMachine } from '../machines/run.machine.js';", 'Only src/run/'],
    ['machines/run/planted.ts', "import type { Agent } from '../../src/agent/createAgent.js';", 'machines/ sits below'],
    ['machines/planted.ts', "import { ToolRegistry } from '../src/core.js';", 'machines/ sits below'],
    ['machines/planted.ts', "import { x } from '../src/capabilities/shared/errno.js';", 'machines/ sits below'],
    ['src/builtins/files/planted.ts', "import { ToolRegistry } from '../../tools/registry.js';", 'A capability module imports only'],
    ['src/builtins/planted.ts', "import { x } from '../index.js';", 'A capability module imports only'],
    ['src/mcp/planted.ts', "import { loadSkills } from '../skills/index.js';", 'A capability module imports only'],
    ['src/skills/planted.ts', "import { isRecord } from '../isRecord.js';", 'A capability module imports only'],
    ['src/cli/commands/planted.ts', "import { x } from '../../session/fileSessionStore.js';", 'A capability module imports only'],
    ['src/tools/planted.ts', "import { x } from '../mcp/types.js';", 'The core never imports'],
    ['src/core.ts', "export { createFileTools } from './builtins/files/createFileTools.js';", 'The core never imports'],
    ['src/run/planted.ts', "import { x } from '../capabilities/shared/errno.js';", 'The core never imports'],
    ['src/capabilities/shared/planted.ts', "import { x } from '../../tools/registry.js';", 'src/capabilities/shared/ imports only'],
    ['src/capabilities/shared/planted.ts', "import { x } from '../../builtins/index.js';", 'src/capabilities/shared/ imports only'],
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
    [
      'src/builtins/files/planted.ts',
      "import { ToolErrorCode } from '../../core.js';\nimport { a } from '../../capabilities/shared/errno.js';\nimport { b } from './readBounded.js';\nimport { readFile } from 'node:fs/promises';\nimport { z } from 'zod';",
    ],
    ['src/mcp/oauth/planted.ts', "import { x } from '../../capabilities/shared/options.js';\nimport { y } from '../types.js';"],
    ['src/cli/commands/planted.ts', "import { createAgent } from '../../index.js';\nimport { ExitCode } from '../exitCodes.js';"],
    ['src/capabilities/shared/planted.ts', "import { x } from '../../describeError.js';\nimport { y } from '../../core.js';\nimport { z } from './errno.js';"],
  ])('allows %s importing: %s', async (filePath, code) => {
    expect(await layeringProblems(filePath, code)).toEqual([]);
  });
});
