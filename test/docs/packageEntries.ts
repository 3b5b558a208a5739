// The package's entries as an application imports them (package.json "exports"), each with
// the source module it is built from. Docs and examples import `tinyagent` and its subpaths;
// inside this repository those names resolve to the sources (tsconfig.json "paths"), so the
// checks always see today's code, never a stale dist/.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface PackageEntry {
  /** The specifier an application imports, e.g. `tinyagent/mcp`. */
  specifier: string;
  /** The source module, relative to the package root, e.g. `src/mcp/index.ts`. */
  source: string;
}

type ExportTarget = string | { [condition: string]: ExportTarget } | null;

// The declarations of an entry are emitted next to its source, below dist/types/.
const typesPattern = /^\.\/dist\/types\/(.+)\.d\.ts$/;

/** The `import` → `types` path of one `exports` entry, whatever nesting of conditions it uses. */
function importTypes(target: ExportTarget): string | undefined {
  if (target === null || typeof target === 'string') return undefined;
  const conditions = target.import ?? target.default;
  if (typeof conditions === 'object' && conditions !== null && typeof conditions.types === 'string') return conditions.types;
  return typeof target.types === 'string' ? target.types : undefined;
}

/**
 * Every code entry of package.json `exports` (not `./package.json`), with its source module.
 * @example packageEntries('.')[0] // { specifier: 'tinyagent', source: 'src/index.ts' }
 */
export function packageEntries(packageRoot: string): PackageEntry[] {
  const manifest = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { name: string; exports: Record<string, ExportTarget> };
  const entries: PackageEntry[] = [];
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (subpath.endsWith('.json')) continue;
    const types = importTypes(target);
    const match = types === undefined ? null : typesPattern.exec(types);
    if (!match) throw new Error(`package.json exports["${subpath}"] has no import types under ./dist/types/ to find its source by`);
    entries.push({ specifier: subpath === '.' ? manifest.name : `${manifest.name}/${subpath.slice(2)}`, source: `${match[1]}.ts` });
  }
  return entries;
}
