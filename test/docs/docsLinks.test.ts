// Links that cannot rot: every relative link of README.md and docs/ names a file that exists
// and, with a fragment, a heading of that page. A moved source file or a renamed section
// fails here, naming the page and line.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { brokenLinks, headingAnchors } from './docsLinks.js';
import { docsPages } from './docsSnippets.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('docs links', () => {
  it('makes anchors of headings as GitHub does', () => {
    expect(headingAnchors('# `status()`, `close()`, processes and signals\n```\n# not a heading\n```\n## Runs\n## Runs\n')).toEqual(['status-close-processes-and-signals', 'runs', 'runs-1']);
  });

  it('finds a missing file and a missing heading', () => {
    expect(brokenLinks(root, 'docs/x.md', '[a](../src/nowhere.ts) [b](design.md#no-such-part) [c](design.md#codes) `[d](nowhere)`')).toEqual([
      'docs/x.md:1: ../src/nowhere.ts (no such file)',
      'docs/x.md:1: design.md#no-such-part (no such heading)',
    ]);
  });

  it('every relative link of the docs resolves', async () => {
    const pages = await docsPages(root);
    expect(pages.flatMap(({ file, text }) => brokenLinks(root, file, text))).toEqual([]);
  });
});
