// Every runtime export of the package's entries is named somewhere in the docs (README.md or
// a page below docs/): a value an application can import is a value a reader can look up.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { packageEntries } from './packageEntries.js';

export interface EntryExports {
  specifier: string;
  names: string[];
}

/**
 * The runtime (value) exports of every entry of package.json `exports`, loaded from the sources.
 * @example (await runtimeExports('.'))[0]?.names.includes('createAgent') // true
 */
export async function runtimeExports(packageRoot: string): Promise<EntryExports[]> {
  return Promise.all(
    packageEntries(packageRoot).map(async ({ specifier, source }) => {
      const module = (await import(pathToFileURL(path.join(packageRoot, source)).href)) as Record<string, unknown>;
      return { specifier, names: Object.keys(module).sort() };
    }),
  );
}

const escape = (name: string) => name.replace(/[$]/g, '\\$');

/**
 * The exports no page names as a whole identifier, as `specifier: name`.
 * @example undocumentedExports([{ specifier: 'p', names: ['a', 'b'] }], ['use `a`']) // ['p: b']
 */
export function undocumentedExports(entries: readonly EntryExports[], pages: readonly string[]): string[] {
  return entries.flatMap(({ specifier, names }) =>
    names.filter((name) => !pages.some((text) => new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`).test(text))).map((name) => `${specifier}: ${name}`),
  );
}
