// Format validators that need a large module (tr46's mapping table, an SMTP address grammar)
// load it on their first use, not when tinyagent is imported: most schemas never use them.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A getter that requires a CommonJS module the first time it is called.
 * @example const path = lazyModule<{ sep: string }>('node:path'); path().sep // '/'
 */
export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(name) as T);
}
