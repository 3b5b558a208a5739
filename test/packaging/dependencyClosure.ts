// The packages npm installs for a set of dependencies, read from the repository's
// package-lock.json (the tree `npm ci` installs): each name is resolved as Node and npm do,
// from the dependent's folder upwards, and followed through dependencies, optional
// dependencies and required peer dependencies.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repo } from './unpackedPackage.js';

interface LockEntry {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const lock = JSON.parse(readFileSync(path.join(repo, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };

/** The names of every package installed for `names`, themselves included. */
export function dependencyClosure(names: readonly string[]): Set<string> {
  const found = new Set<string>();
  const seen = new Set<string>();
  const visit = (from: string, name: string) => {
    const at = resolve(from, name);
    if (at === undefined || seen.has(at)) return;
    seen.add(at);
    found.add(name);
    for (const next of installedFor(lock.packages[at]!)) visit(at, next);
  };
  for (const name of names) visit('', name);
  return found;
}

/** The names npm installs for one package (or a manifest): its dependencies and required peers. */
export function installedFor(entry: LockEntry): string[] {
  const peers = Object.keys(entry.peerDependencies ?? {}).filter((peer) => entry.peerDependenciesMeta?.[peer]?.optional !== true);
  return [...Object.keys(entry.dependencies ?? {}), ...Object.keys(entry.optionalDependencies ?? {}), ...peers];
}

// The nearest node_modules/<name> from `from` (a lock path such as node_modules/a/node_modules/b) upwards.
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base === '' ? '' : `${base}/`}node_modules/${name}`;
    if (lock.packages[candidate] !== undefined) return candidate;
    if (base === '') return undefined;
    base = base.slice(0, Math.max(0, base.lastIndexOf('node_modules/') - 1));
  }
}
