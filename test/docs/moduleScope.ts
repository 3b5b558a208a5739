// Names a module declares, read from its syntax alone (no type checker): the exports a JSDoc
// example may use unqualified, and the top-level names an example declares itself.
import ts from 'typescript';

export interface ModuleExports {
  values: string[];
  types: string[];
}

const hasExport = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
const isTypeDeclaration = (node: ts.Node) => ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isOmittedExpression(element) ? [] : bindingNames(element.name)));
}

/** The names a statement declares at module level, each marked type-only or not. */
function declaredNames(statement: ts.Statement): { name: string; typeOnly: boolean }[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((d) => bindingNames(d.name)).map((name) => ({ name, typeOnly: false }));
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (!clause) return [];
    const names = clause.name ? [{ name: clause.name.text, typeOnly: clause.isTypeOnly }] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push({ name: bindings.name.text, typeOnly: clause.isTypeOnly });
    if (bindings && ts.isNamedImports(bindings)) for (const element of bindings.elements) names.push({ name: element.name.text, typeOnly: clause.isTypeOnly || element.isTypeOnly });
    return names;
  }
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement) || isTypeDeclaration(statement)) && statement.name) {
    return [{ name: statement.name.text, typeOnly: isTypeDeclaration(statement) }];
  }
  if (ts.isModuleDeclaration(statement) && ts.isIdentifier(statement.name)) return [{ name: statement.name.text, typeOnly: false }];
  return [];
}

const parse = (code: string) => ts.createSourceFile('scope.ts', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);

/**
 * The names a module exports, split into values and types, as written in its source.
 * @example moduleExports('export const a = 1; export type B = string;') // { values: ['a'], types: ['B'] }
 */
export function moduleExports(code: string): ModuleExports {
  const source = parse(code);
  const local = new Map(source.statements.flatMap(declaredNames).map(({ name, typeOnly }) => [name, typeOnly]));
  const exports: ModuleExports = { values: [], types: [] };
  const add = (name: string, typeOnly: boolean) => (typeOnly ? exports.types : exports.values).push(name);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const element of statement.exportClause.elements) {
        // Under verbatimModuleSyntax a re-exported type is marked `type`; a local one is looked up.
        const typeOnly = statement.isTypeOnly || element.isTypeOnly || (!statement.moduleSpecifier && local.get((element.propertyName ?? element.name).text) === true);
        add(element.name.text, typeOnly);
      }
    } else if (hasExport(statement) && !(ts.isImportDeclaration(statement) || ts.isExportAssignment(statement))) {
      for (const { name, typeOnly } of declaredNames(statement)) add(name, typeOnly);
    }
  }
  // Each name once (overloads declare a function several times); a name that is a value and a
  // type (`const X` with `type X`) is imported as a value, which brings both.
  const values = [...new Set(exports.values)];
  return { values, types: [...new Set(exports.types)].filter((name) => !values.includes(name)) };
}

/**
 * The top-level names a snippet declares or imports itself.
 * @example topLevelNames("import { a } from 'x'; const b = a;") // Set { 'a', 'b' }
 */
export function topLevelNames(code: string): Set<string> {
  return new Set(parse(code).statements.flatMap(declaredNames).map(({ name }) => name));
}
