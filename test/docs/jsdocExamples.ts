// The `@example`s of the JSDoc comments of a TypeScript source file.

export interface JsdocExample {
  /** The source file, relative to the repository root. */
  file: string;
  /** 1-based line of the example's first line in the source file. */
  line: number;
  code: string;
}

const commentPattern = /\/\*\*[\s\S]*?\*\//g;
const tagPattern = /^@\w+/;

/** The line number (1-based) of a character offset. */
const lineAt = (text: string, offset: number) => text.slice(0, offset).split('\n').length;

/**
 * Every `@example` of the file: the text after the tag up to the next tag or the comment's
 * end, without the comment's leading `*` and without Markdown fences around it.
 * @example jsdocExamples('a.ts', '/**\n * @example add(1, 2) // 3\n *\/')[0]?.code // 'add(1, 2) // 3'
 */
export function jsdocExamples(file: string, text: string): JsdocExample[] {
  const examples: JsdocExample[] = [];
  for (const comment of text.matchAll(commentPattern)) {
    const first = lineAt(text, comment.index);
    const lines = comment[0]
      .replace(/^\/\*\*/, '')
      .replace(/\*\/$/, '')
      .split('\n')
      .map((line) => line.replace(/^\s*\* ?/, ''));
    for (let index = 0; index < lines.length; index++) {
      const tag = /^\s*@example\b ?(.*)$/.exec(lines[index]!);
      if (!tag) continue;
      const body = [{ text: tag[1]!, line: first + index }];
      for (let next = index + 1; next < lines.length && !tagPattern.test(lines[next]!.trim()); next++) body.push({ text: lines[next]!, line: first + next });
      // Fences become blank lines, so that line n of the code stays line n after the first.
      const code = body.map(({ text: line, line: at }) => ({ text: /^\s*(```|~~~)\w*\s*$/.test(line) ? '' : line, line: at }));
      while (code.length > 0 && code[0]!.text.trim() === '') code.shift();
      while (code.length > 0 && code.at(-1)!.text.trim() === '') code.pop();
      if (code.length > 0) examples.push({ file, line: code[0]!.line, code: code.map(({ text: line }) => line).join('\n') });
    }
  }
  return examples;
}
