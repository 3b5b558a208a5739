// The docs checks fail when they should: on a small fixture project (test/docs/fixtures/
// project, its own package.json "exports" and tsconfig.json) with planted broken blocks, a
// planted broken JSDoc example, a block that drifted from its example, malformed markers, a
// function without an example and an export no page names. The real docs are never touched.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docsPages, pageSnippets, sourceSnippets } from './docsSnippets.js';
import { runtimeExports, undocumentedExports } from './exportCoverage.js';
import { exportsWithoutExample } from './exportExamples.js';
import { checkSnippets } from './snippetProgram.js';

const fixture = fileURLToPath(new URL('./fixtures/project/', import.meta.url));
const prelude = 'declare const provider: { name: string };';

describe('the docs examples check', async () => {
  const pages = pageSnippets(fixture, await docsPages(fixture));

  it('compiles every block and JSDoc example in one program and names the file and line of each error', async () => {
    const problems = await checkSnippets([...pages.snippets, ...sourceSnippets(fixture, ['src/index.ts'])], { root: fixture, prelude });
    expect(problems.map((problem) => problem.replace(/: TS(\d+):.*$/s, ': TS$1'))).toEqual([
      'README.md:15: TS2322', // const wrong: string = add(1, 2);
      'docs/guide.md:9: TS2322', // continues the block before it, whose `total` it uses
      'src/index.ts:15: TS2322', // const greeting: number = greet('Ada');
    ]);
  });

  it('names the exported functions and classes without a JSDoc example, through every entry', async () => {
    const entries = ['src/index.ts', 'src/extra.ts'];
    let missing: string[] = [];
    await checkSnippets(pages.snippets.slice(0, 1), {
      root: fixture,
      roots: entries.map((entry) => path.join(fixture, entry)),
      inspect: (program) => (missing = exportsWithoutExample(program, fixture, entries)),
    });
    expect(missing).toEqual(['src/extra.ts: double (src/extra.ts)']);
  });

  it('a block compiles against the package entries and the prelude, and an example sees its module', async () => {
    const good = pages.snippets.filter((snippet) => snippet.parts[0]!.file === 'README.md').slice(0, 1);
    const example = sourceSnippets(fixture, ['src/index.ts']).slice(0, 1);
    expect(example[0]!.parts[0]!.code).toBe('add(1, 2) // 3');
    expect(await checkSnippets([...good, ...example], { root: fixture, prelude })).toEqual([]);
  });

  it('reports an included block that differs from its example, a missing region and a not-checked marker without a reason', () => {
    expect(pages.problems).toEqual([
      'docs/guide.md:28: a not-checked marker needs a reason: <!-- not-checked: why it cannot compile -->',
      'docs/guide.md:15: the block differs from examples/sum.ts#sum: the block has "console.log(sum + 1);", the example "console.log(sum);"',
      'docs/guide.md:20: <!-- include: examples/sum.ts#missing -->: examples/sum.ts has no "// #region missing"',
    ]);
  });

  it('lists the not-checked blocks, and compiles no block of another language', () => {
    expect(pages.notChecked).toEqual([{ file: 'docs/guide.md', line: 25, reason: 'a signature excerpt' }]);
    expect(pages.snippets.flatMap((snippet) => snippet.parts).map(({ file, line }) => `${file}:${line}`)).toEqual([
      'README.md:6',
      'README.md:14',
      'docs/guide.md:4',
      'docs/guide.md:9',
    ]);
  });
});

describe('the export coverage check', () => {
  it('reads every entry of package.json "exports" and names the runtime exports no page names', async () => {
    const entries = await runtimeExports(fixture);
    expect(entries).toEqual([
      { specifier: 'fixture-package', names: ['add', 'greet'] },
      { specifier: 'fixture-package/extra', names: ['EXTRA_LIMIT', 'double'] },
    ]);
    const pages = await docsPages(fixture);
    expect(undocumentedExports(entries, pages.map((page) => page.text))).toEqual(['fixture-package: greet']);
    const withoutReadme = pages.filter((page) => page.file !== 'README.md').map((page) => page.text);
    expect(undocumentedExports(entries, withoutReadme)).toEqual(['fixture-package: greet', 'fixture-package/extra: EXTRA_LIMIT', 'fixture-package/extra: double']);
  });

  it('matches whole names only', () => {
    expect(undocumentedExports([{ specifier: 'p', names: ['run', 'RUN_LIMIT'] }], ['`runAll` and `RUN_LIMITS`'])).toEqual(['p: run', 'p: RUN_LIMIT']);
  });
});
