// How tinyagent introduces itself in `initialize`: its name and the version of the package
// it runs from, read from the package.json next to the code (src/ and dist/ alike).
import { readFileSync } from 'node:fs';

/** `clientInfo` of the MCP handshake. */
export const CLIENT_INFO = { name: 'tinyagent', version: packageVersion() };

function packageVersion(): string {
  for (const path of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as { name?: unknown; version?: unknown };
      if (pkg.name === 'tinyagent' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not at this depth
    }
  }
  return '0.0.0';
}
