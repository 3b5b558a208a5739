// The package version for `--version` and the `init` record, read from the package.json above
// this file (dist/cli.js in the package, src/cli/ in the repository).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | undefined;

/**
 * The version of the installed tinyagent package.
 * @example cliVersion() // '0.1.0'
 */
export function cliVersion(): string {
  if (cached !== undefined) return cached;
  for (let dir = path.dirname(fileURLToPath(import.meta.url)); ; dir = path.dirname(dir)) {
    try {
      const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (manifest.name === 'tinyagent' && typeof manifest.version === 'string') return (cached = manifest.version);
    } catch {
      // no package.json here: look further up
    }
    if (path.dirname(dir) === dir) return (cached = 'unknown');
  }
}
