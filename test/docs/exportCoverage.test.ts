// Every runtime export of every entry of package.json "exports" (`tinyagent`,
// `tinyagent/testing`, `tinyagent/mcp`, and whatever subpath is added) is named in
// README.md or a page below docs/.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { docsPages } from './docsSnippets.js';
import { runtimeExports, undocumentedExports } from './exportCoverage.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('export coverage', () => {
  it('every runtime export of the package entries appears in the docs', async () => {
    const pages = (await docsPages(root)).map((page) => page.text);
    expect(undocumentedExports(await runtimeExports(root), pages)).toEqual([]);
  });
});
