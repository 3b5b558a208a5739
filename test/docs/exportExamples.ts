// Every function and class an application can import has a JSDoc `@example` (which the docs
// check then compiles): found with the type checker, through re-exports, on each entry.
import path from 'node:path';
import ts from 'typescript';

/**
 * The exported functions and classes of these entry modules whose declaration has no
 * `@example`, as `entry: name (file)`.
 * @example
 * declare const program: ts.Program;
 * exportsWithoutExample(program, '/repo', ['src/index.ts']) // ['src/index.ts: newThing (src/newThing.ts)']
 */
export function exportsWithoutExample(program: ts.Program, root: string, entries: readonly string[]): string[] {
  const checker = program.getTypeChecker();
  const missing: string[] = [];
  for (const entry of entries) {
    const source = program.getSourceFile(path.join(root, entry));
    const module = source && checker.getSymbolAtLocation(source);
    if (!module) throw new Error(`${entry} is not in the program`);
    for (const exported of checker.getExportsOfModule(module)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      if (!(symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Class))) continue;
      const declarations = symbol.declarations ?? [];
      // Overloads: an example on any signature will do.
      if (declarations.some((declaration) => ts.getJSDocTags(declaration).some((tag) => tag.tagName.text === 'example'))) continue;
      const file = declarations[0] ? path.relative(root, declarations[0].getSourceFile().fileName) : '?';
      missing.push(`${entry}: ${exported.name} (${file})`);
    }
  }
  return missing;
}
