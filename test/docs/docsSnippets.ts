// Gathers what the docs check compiles: the TypeScript blocks of the pages (with their
// include, continues and not-checked markers) and the JSDoc `@example`s of the sources.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { glob } from 'tinyglobby';
import { jsdocExamples } from './jsdocExamples.js';
import { markdownBlocks, type CodeBlock } from './markdownBlocks.js';
import { moduleExports } from './moduleScope.js';
import type { Snippet } from './snippetProgram.js';

export interface NotCheckedBlock {
  file: string;
  line: number;
  reason: string;
}

export interface PageSnippets {
  snippets: Snippet[];
  /** Marker and include problems, as `file:line: message`. */
  problems: string[];
  notChecked: NotCheckedBlock[];
}

/** Where the included code comes from: `examples/`, type-checked and run by test/examples. */
export const INCLUDE_FOLDER = 'examples/';

/**
 * The code a block includes: the region between `// #region name` and the next
 * `// #endregion`, or (without a region) the whole file after its leading comment lines.
 * @example includedCode('.', 'examples/quickstart.ts', undefined).startsWith('import') // true
 */
export function includedCode(root: string, file: string, region: string | undefined): string {
  if (!file.startsWith(INCLUDE_FOLDER)) throw new Error(`includes come from ${INCLUDE_FOLDER} (type-checked and run), not ${file}`);
  const full = path.join(root, file);
  if (!existsSync(full)) throw new Error(`${file} does not exist`);
  const lines = readFileSync(full, 'utf8').split('\n');
  if (region === undefined) {
    let start = 0;
    while (start < lines.length && lines[start]!.startsWith('//')) start++;
    while (start < lines.length && lines[start]!.trim() === '') start++;
    return lines.slice(start).join('\n').trimEnd();
  }
  const start = lines.findIndex((line) => line.trim() === `// #region ${region}`);
  if (start < 0) throw new Error(`${file} has no "// #region ${region}"`);
  const end = lines.findIndex((line, index) => index > start && line.trim().startsWith('// #endregion'));
  if (end < 0) throw new Error(`${file}: region ${region} has no "// #endregion"`);
  return lines.slice(start + 1, end).join('\n').trimEnd();
}

/** The first line where two texts differ (0-based), and what each has there. */
function firstDifference(block: string, included: string): { index: number; text: string } {
  const a = block.split('\n');
  const b = included.split('\n');
  const found = a.findIndex((line, i) => line !== b[i]);
  const index = found < 0 ? a.length : found;
  return { index, text: `the block has ${JSON.stringify(a[index] ?? '(its end)')}, the example ${JSON.stringify(b[index] ?? '(its end)')}` };
}

/**
 * Snippets, problems and not-checked blocks of Markdown pages given as `{ file, text }`.
 * @example pageSnippets('.', [{ file: 'a.md', text: '```ts\nconst a = 1;\n```\n' }]).snippets.length // 1
 */
export function pageSnippets(root: string, pages: readonly { file: string; text: string }[]): PageSnippets {
  const result: PageSnippets = { snippets: [], problems: [], notChecked: [] };
  for (const page of pages) {
    const { blocks, problems } = markdownBlocks(page.file, page.text);
    result.problems.push(...problems);
    let previous: Snippet | undefined;
    for (const block of blocks) previous = addBlock(root, block, previous, result);
  }
  return result;
}

/** Files one block into `result`; returns the snippet a following `continues` block extends. */
function addBlock(root: string, block: CodeBlock, previous: Snippet | undefined, result: PageSnippets): Snippet | undefined {
  const part = { file: block.file, line: block.line, code: block.code };
  const { marker } = block;
  const where = `${block.file}:${block.line}`;
  switch (marker.kind) {
    case 'checked': {
      const snippet = { parts: [part] };
      result.snippets.push(snippet);
      return snippet;
    }
    case 'continues':
      if (!previous) result.problems.push(`${where}: <!-- continues --> follows no checked block on this page`);
      else previous.parts.push(part);
      return previous;
    case 'not-checked':
      result.notChecked.push({ file: block.file, line: block.line, reason: marker.reason });
      return undefined;
    case 'include': {
      const source = marker.region === undefined ? marker.file : `${marker.file}#${marker.region}`;
      try {
        const included = includedCode(root, marker.file, marker.region);
        if (block.code.trimEnd() !== included) {
          const difference = firstDifference(block.code.trimEnd(), included);
          result.problems.push(`${block.file}:${block.line + difference.index}: the block differs from ${source}: ${difference.text}`);
        }
      } catch (error) {
        result.problems.push(`${where}: <!-- include: ${source} -->: ${(error as Error).message}`);
      }
      return undefined;
    }
  }
}

/**
 * The pages the check reads: README.md and every Markdown file below docs/.
 * @example (await docsPages('.')).map((page) => page.file) // ['README.md', 'docs/design.md', ...]
 */
export async function docsPages(root: string): Promise<{ file: string; text: string }[]> {
  const files = ['README.md', ...(await glob('docs/**/*.md', { cwd: root })).sort()];
  return files.map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));
}

/**
 * One snippet per JSDoc `@example` of the given sources: the example sees its module's exports.
 * @example sourceSnippets('.', ['src/isRecord.ts'])[0]?.parts[0]?.code // "isRecord({ a: 1 }) // true; ..."
 */
export function sourceSnippets(root: string, files: readonly string[]): Snippet[] {
  return files.flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const examples = jsdocExamples(file, text);
    if (examples.length === 0) return [];
    const scope = { module: path.join(root, file), exports: moduleExports(text) };
    return examples.map((example) => ({ parts: [example], scope, baseDir: path.dirname(path.join(root, file)) }));
  });
}

/**
 * The sources whose JSDoc examples are checked: src/ and machines/.
 * @example (await exampleSources('.')).includes('src/limits.ts') // true
 */
export async function exampleSources(root: string): Promise<string[]> {
  return (await glob(['src/**/*.ts', 'machines/**/*.ts'], { cwd: root, ignore: ['**/*.d.ts'] })).sort();
}
