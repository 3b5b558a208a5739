// Type-checks many snippets at once: each becomes a module in a temporary folder inside the
// repository (so `tinyagent`, its subpaths and the installed packages resolve as they do for
// the repository's own files), and one strict program, with the options of tsconfig.json,
// checks them all. Problems point at the line of the page or source the snippet came from.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import ts from 'typescript';
import { topLevelNames, type ModuleExports } from './moduleScope.js';

export interface SnippetPart {
  /** The page or source file, relative to the repository root. */
  file: string;
  /** 1-based line, in `file`, of the part's first code line. */
  line: number;
  code: string;
}

export interface Snippet {
  /** Compiled as one module, in order (a block that continues the one before it adds a part). */
  parts: SnippetPart[];
  /** A module whose exports the snippet may use without importing them (a JSDoc example's own). */
  scope?: { module: string; exports: ModuleExports };
  /** Relative imports in the code are relative to this folder (a JSDoc example's source folder). */
  baseDir?: string;
}

export interface CheckOptions {
  /** The repository root: its tsconfig.json gives the compiler options. */
  root: string;
  /** Global declarations every snippet sees (the names the docs take as given), as source text. */
  prelude?: string;
  /** More root files of the program (absolute paths), e.g. the package entries. */
  roots?: readonly string[];
  /** Called with the program, to ask it more than the snippets' diagnostics. */
  inspect?: (program: ts.Program) => void;
}

const toPosix = (file: string) => file.split(path.sep).join('/');
const relativeSpecifier = (fromDir: string, target: string) => {
  const relative = toPosix(path.relative(fromDir, target));
  return relative.startsWith('.') ? relative : `./${relative}`;
};
const specifierPattern = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;

function compilerOptions(root: string): ts.CompilerOptions {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), { noEmit: true }, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => { throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n')); } });
  if (!parsed) throw new Error(`cannot read ${root}/tsconfig.json`);
  return parsed.options;
}

/** The module text of a snippet and, for each of its lines, where that line came from. */
function moduleText(snippet: Snippet, dir: string): { text: string; origins: { file: string; line: number }[] } {
  const lines: string[] = [];
  const origins: { file: string; line: number }[] = [];
  const first = snippet.parts[0]!;
  const code = snippet.parts.map((part) => part.code).join('\n');
  if (snippet.scope) {
    const own = topLevelNames(code);
    const { values, types } = snippet.scope.exports;
    const names = [...values.filter((name) => !own.has(name)), ...types.filter((name) => !own.has(name)).map((name) => `type ${name}`)];
    const specifier = relativeSpecifier(dir, snippet.scope.module).replace(/\.ts$/, '.js');
    if (names.length > 0) {
      lines.push(`import { ${names.join(', ')} } from '${specifier}';`);
      origins.push(first);
    }
  }
  for (const part of snippet.parts) {
    part.code.split('\n').forEach((line, index) => {
      const rewritten = snippet.baseDir === undefined ? line : line.replace(specifierPattern, (_, lead: string, quote: string, specifier: string) => `${lead}${quote}${relativeSpecifier(dir, path.resolve(snippet.baseDir!, specifier))}${quote}`);
      lines.push(rewritten);
      origins.push({ file: part.file, line: part.line + index });
    });
  }
  // A module, never a script: top-level await works and names stay in their own snippet.
  lines.push('export {};');
  origins.push(snippet.parts.at(-1)!);
  return { text: `${lines.join('\n')}\n`, origins };
}

function describeDiagnostic(diagnostic: ts.Diagnostic, where: string): string {
  return `${where}: TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n  ')}`;
}

/**
 * Compiles every snippet in one program and returns its problems as `file:line: TSnnnn: message`.
 * @example await checkSnippets([{ parts: [{ file: 'a.md', line: 3, code: "const n: number = 'x';" }] }], { root: '.' })
 */
export async function checkSnippets(snippets: readonly Snippet[], options: CheckOptions): Promise<string[]> {
  if (snippets.length === 0) return [];
  await mkdir(path.join(options.root, '.tmp'), { recursive: true });
  const dir = await mkdtemp(path.join(options.root, '.tmp', 'docs-examples-'));
  try {
    const files = new Map<string, { file: string; line: number }[]>();
    await Promise.all(
      snippets.map(async (snippet, index) => {
        const file = path.join(dir, `snippet-${index}.ts`);
        const { text, origins } = moduleText(snippet, dir);
        files.set(path.resolve(file), origins);
        await writeFile(file, text);
      }),
    );
    const roots = [...files.keys()];
    if (options.prelude !== undefined) {
      roots.push(path.join(dir, 'prelude.d.ts'));
      await writeFile(path.join(dir, 'prelude.d.ts'), options.prelude);
    }
    const program = ts.createProgram([...roots, ...(options.roots ?? [])], compilerOptions(options.root));
    options.inspect?.(program);
    const problems = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()].map((d) => describeDiagnostic(d, 'compiler'));
    const prelude = options.prelude === undefined ? undefined : path.resolve(dir, 'prelude.d.ts');
    for (const source of program.getSourceFiles()) {
      if (path.resolve(source.fileName) === prelude) {
        problems.push(...program.getSemanticDiagnostics(source).map((d) => describeDiagnostic(d, 'the prelude')));
        continue;
      }
      const origins = files.get(path.resolve(source.fileName));
      if (!origins) continue;
      for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
        const line = diagnostic.start === undefined ? 0 : source.getLineAndCharacterOfPosition(diagnostic.start).line;
        const origin = origins[Math.min(line, origins.length - 1)]!;
        problems.push(describeDiagnostic(diagnostic, `${origin.file}:${origin.line}`));
      }
    }
    return problems;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
