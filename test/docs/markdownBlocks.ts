// The fenced TypeScript blocks of a Markdown page, each with the marker comment that says how
// it is checked (the conventions are described in docsExamples.test.ts).

export type BlockMarker =
  | { kind: 'checked' }
  | { kind: 'continues' }
  | { kind: 'include'; file: string; region: string | undefined }
  | { kind: 'not-checked'; reason: string };

export interface CodeBlock {
  /** The page, relative to the repository root. */
  file: string;
  /** 1-based line of the block's first code line (the line after the opening fence). */
  line: number;
  code: string;
  marker: BlockMarker;
}

const TYPESCRIPT = new Set(['ts', 'typescript', 'mts', 'cts']);
const fencePattern = /^( {0,3})(`{3,}|~{3,})\s*([^\s`]*)/;
const closingPattern = /^\s*(`{3,}|~{3,})\s*$/;
const markerPattern = /^\s*<!--\s*(include|not-checked|continues)\b\s*(?::\s*([\s\S]*?))?\s*-->\s*$/;

/** The marker written on the last non-blank line before a fence, if any, or the problem of that line. */
function markerBefore(lines: readonly string[], fenceIndex: number): BlockMarker | { problem: string; line: number } {
  let index = fenceIndex - 1;
  while (index >= 0 && lines[index]!.trim() === '') index--;
  const match = index >= 0 ? markerPattern.exec(lines[index]!) : null;
  if (!match) return { kind: 'checked' };
  const [, kind, argument = ''] = match;
  const problem = (text: string) => ({ problem: text, line: index + 1 });
  if (kind === 'continues') return { kind: 'continues' };
  if (kind === 'not-checked') return argument ? { kind: 'not-checked', reason: argument } : problem('a not-checked marker needs a reason: <!-- not-checked: why it cannot compile -->');
  const [file = '', region] = argument.split('#');
  return file ? { kind: 'include', file, region } : problem('an include marker needs a file: <!-- include: examples/x.ts -->');
}

/**
 * The TypeScript blocks of a page, and the problems of their markers (as `file:line: message`).
 * @example markdownBlocks('a.md', '```ts\nconst a = 1;\n```\n').blocks[0]?.line // 2
 */
export function markdownBlocks(file: string, text: string): { blocks: CodeBlock[]; problems: string[] } {
  const lines = text.split('\n');
  const blocks: CodeBlock[] = [];
  const problems: string[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = fencePattern.exec(lines[index]!);
    if (!open) continue;
    const [, indent = '', fence = '', language = ''] = open;
    const body: string[] = [];
    let close = index + 1;
    for (; close < lines.length; close++) {
      const line = lines[close]!;
      const closing = closingPattern.exec(line)?.[1];
      if (closing && closing[0] === fence[0] && closing.length >= fence.length) break;
      body.push(line.startsWith(indent) ? line.slice(indent.length) : line.trimStart());
    }
    if (TYPESCRIPT.has(language.toLowerCase())) {
      const marker = markerBefore(lines, index);
      if ('problem' in marker) problems.push(`${file}:${marker.line}: ${marker.problem}`);
      else blocks.push({ file, line: index + 2, code: body.join('\n'), marker });
    }
    index = close;
  }
  return { blocks, problems };
}
