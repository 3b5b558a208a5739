// Which shell runs commands: bash when there is one, /bin/sh otherwise.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * The absolute path of bash (well-known places first, then PATH), or `/bin/sh`.
 * @example findShell() // '/bin/bash'
 */
export function findShell(path = process.env.PATH ?? ''): string {
  const candidates = ['/bin/bash', '/usr/bin/bash', ...path.split(delimiter).filter(Boolean).map((dir) => join(dir, 'bash'))];
  return candidates.find(isExecutable) ?? '/bin/sh';
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
