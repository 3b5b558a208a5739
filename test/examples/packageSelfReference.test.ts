// Examples and docs import `tinyagent` and its subpaths as an application does. In this
// repository tsconfig.json "paths" resolves those names to the sources (tsc and tsx both read
// it), so a check never runs against a stale dist/; the built package's own resolution is
// pinned by test/packaging. The two must name the same entries.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { packageEntries } from '../docs/packageEntries.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('the package self-reference', () => {
  it('tsconfig.json "paths" maps every entry of package.json "exports" to its source', () => {
    const { config } = ts.readConfigFile(path.join(root, 'tsconfig.json'), ts.sys.readFile) as { config: { compilerOptions: { paths: Record<string, string[]> } } };
    const expected = Object.fromEntries(packageEntries(root).map(({ specifier, source }) => [specifier, [`./${source}`]]));
    expect(config.compilerOptions.paths).toEqual(expected);
  });

  it('no example imports the sources by a relative path', () => {
    const examples = ts.sys.readDirectory(path.join(root, 'examples'), ['.ts']);
    const relative = examples.filter((file) => /from '\.\.\/(src|machines)\//.test(readFileSync(file, 'utf8')));
    expect(relative).toEqual([]);
  });
});
