// The session files of a FileSessionStore folder: `<id>.jsonl`, newest first.
import { existsSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

const SUFFIX = '.jsonl';

export interface SessionFile {
  id: string;
  modified: Date;
  /** The modification time with its sub-millisecond part, for ordering. */
  modifiedMs: number;
}

/**
 * Session ids in the folder with their last change, newest first (an absent folder has none).
 * @example (await sessionFiles('/home/me/.tinyagent/projects/-repo/sessions'))[0]?.id
 */
export async function sessionFiles(dir: string): Promise<SessionFile[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = await Promise.all(
    names
      .filter((name) => name.endsWith(SUFFIX) && name.length > SUFFIX.length)
      .map(async (name) => {
        const stats = await stat(path.join(dir, name)).catch(() => undefined);
        return stats && { id: name.slice(0, -SUFFIX.length), modified: stats.mtime, modifiedMs: stats.mtimeMs };
      }),
  );
  return files.filter((file) => file !== undefined).sort((a, b) => b.modifiedMs - a.modifiedMs || a.id.localeCompare(b.id));
}

/**
 * The file of a session id (the id must be valid).
 * @example sessionPath('/sessions', 'chat') // '/sessions/chat.jsonl'
 */
export function sessionPath(dir: string, id: string): string {
  return path.join(dir, `${id}${SUFFIX}`);
}

/**
 * Whether the folder holds this session.
 * @example sessionExists('/sessions', 'chat') // true
 */
export function sessionExists(dir: string, id: string): boolean {
  return existsSync(sessionPath(dir, id));
}
