// Whether this process may read a path: tests of kernel files (/proc) run only where they can.
import { accessSync, constants } from 'node:fs';

/** True when `path` exists and this process may read it. */
export function readable(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return true;
  } catch {
    return false;
  }
}
