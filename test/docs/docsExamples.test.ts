// Examples that cannot rot: every TypeScript block of README.md and docs/**/*.md, and every
// JSDoc `@example` of src/ and machines/, is compiled (one strict program, the options of
// tsconfig.json) or, for blocks, included verbatim from examples/ (type-checked and run by
// test/examples). A problem names the page or source file and the line.
//
// How a block is checked is said by a comment on the line before its fence:
// - nothing: the block is compiled as a module of its own. It imports what it uses from
//   `tinyagent`, `tinyagent/testing`, `tinyagent/mcp` (any entry of package.json "exports")
//   or an installed package; it may use `provider`, `tools` and `agent` without defining
//   them (docsPrelude.ts).
// - `<!-- continues -->`: the block is compiled together with the checked block before it on
//   the same page (a page that builds one example over several blocks).
// - `<!-- include: examples/x.ts -->`: the block equals that file after its leading comment;
//   `<!-- include: examples/x.ts#name -->`: the lines between `// #region name` and
//   `// #endregion` in it.
// - `<!-- not-checked: why -->`: not compiled, only where a block cannot compile (a type
//   signature excerpt, a package this repository does not install). Listed below: a new one
//   is a decision, so adding one means adding it to the list.
// A JSDoc example is compiled as a module that sees its own module's exports unimported;
// every function and class the package entries export has one.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { docsPages, exampleSources, pageSnippets, sourceSnippets } from './docsSnippets.js';
import { docsPrelude } from './docsPrelude.js';
import { exportsWithoutExample } from './exportExamples.js';
import { packageEntries } from './packageEntries.js';
import { checkSnippets } from './snippetProgram.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The blocks not compiled, and why; a block is listed by page and reason. */
const NOT_CHECKED: readonly { file: string; reason: string }[] = [
  { file: 'docs/design.md', reason: 'a signature excerpt, members named without their types' },
  { file: 'docs/design.md', reason: 'imports relative to src/builtins/files/, the last one a lint error on purpose' },
  { file: 'docs/machines.md', reason: '@statelyai/inspect is not installed in this repository' },
  { file: 'docs/machines.md', reason: '@statelyai/inspect is not installed in this repository' },
  { file: 'docs/tools.md', reason: 'valibot is not installed in this repository' },
];

const HINT = 'fix the block or example at that line; the markers a block may carry are described at the top of test/docs/docsExamples.test.ts';

describe('docs examples', async () => {
  const pages = pageSnippets(root, await docsPages(root));
  const sources = sourceSnippets(root, await exampleSources(root));
  const entries = packageEntries(root).map(({ source }) => source);
  let problems: string[] = [];
  let withoutExample: string[] = [];

  // One program answers both compile questions: building it is most of the cost.
  beforeAll(async () => {
    problems = await checkSnippets([...pages.snippets, ...sources], {
      root,
      prelude: docsPrelude,
      roots: entries.map((entry) => path.join(root, entry)),
      inspect: (program) => (withoutExample = exportsWithoutExample(program, root, entries)),
    });
  }, 120_000);

  it('every marker is well-formed and every included block equals its example', () => {
    expect(pages.problems, HINT).toEqual([]);
  });

  it('every TypeScript block of the docs and every JSDoc example compiles', () => {
    expect(problems, HINT).toEqual([]);
  });

  it('every function and class of the package entries has a JSDoc example', () => {
    expect(withoutExample).toEqual([]);
  });

  it('only the listed blocks are left unchecked', () => {
    expect(pages.notChecked.map(({ file, reason }) => ({ file, reason })), 'a new not-checked block is a decision: list it in NOT_CHECKED').toEqual(NOT_CHECKED);
  });
});
